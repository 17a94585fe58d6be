import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = 'http://127.0.0.1:3000';

/**
 * Building a zod schema has no side effects, but the bundler cannot know: marking the contract's top-level schema
 * declarations pure lets a screen that imports only a helper (say, a break's status) leave zod out of its download.
 */
function pureContractSchemas(): Plugin {
  const declaration = /^((?:export )?const \w+(?::[^=]+)? = )(?=z\b)/gm;
  return {
    name: 'breaker:pure-contract-schemas',
    transform: {
      filter: { id: /packages[\\/]api-contract[\\/]src[\\/][^/\\]+(?<!\.test)\.ts$/ },
      handler: (code) => ({
        code: code
          .replace(declaration, '$1/*#__PURE__*/ ')
          .replace(/(?<![\w.$/] ?)\b(z|\w+(?=\.(?:extend|pick|omit|partial)\())\.(?=\w+\()/g, '/*#__PURE__*/ $1.'),
        map: null,
      }),
    },
  };
}

/** Mantine's violet, shade 7: the theme's primary colour (theme.ts) and the mark's background. */
const VIOLET = '#7048e8';

/**
 * The installable app: the manifest (linked from index.html) and the service worker built from
 * src/service-worker/sw.ts, which precaches the shell and shows the reminders' notifications
 * (docs/decisions/012-service-worker.md). The page registers the worker itself (service-worker-registration.ts).
 */
function installableApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    includeManifestIcons: true,
    manifest: {
      id: '/',
      name: 'Breaker',
      short_name: 'Breaker',
      description: 'Breaker books short wellness breaks between your calendar meetings.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: VIOLET,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The shell, its hashed files and the notification icons; the 512 px icons are fetched only when installing.
      globPatterns: ['index.html', 'assets/**/*.{js,css}', 'icons/{icon-192,badge-96}.png', 'favicon.svg'],
      // The worker file itself stays small: its sourcemap is not shipped.
      sourcemap: false,
    },
  });
}

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), pureContractSchemas(), installableApp()],
  resolve: {
    conditions: ['@breaker/source', ...defaultClientConditions],
    // The router's store asks for the shim of useSyncExternalStore, which only a React older than 18 needs: on React 19
    // the shim hands over React's own, so the selector helper built on React's own does the same without the shim.
    alias: [{ find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' }],
  },
  // The API serves index.html and swaps this placeholder for a per-request nonce (strict CSP).
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    proxy: { '/api': api, '/trpc': api, '/admin': api, '/metrics': api },
  },
  build: {
    outDir: 'dist',
    // A chunk that a lazy chunk imports (a dialog of the calendar) is fetched on intent or when idle: listing its
    // dependencies for preloading would only add bytes to the screen. Route chunks, imported by the entry, keep theirs.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && !hostId.startsWith('assets/app-') ? [] : deps,
    },
    rolldownOptions: {
      // The contract's modules only declare constants and zod schemas: a screen that needs a constant
      // should not pull in zod and every schema with it. Reading a property is taken as free of side effects, so that
      // a message passed to a dropped schema (`VALIDATION.timezone`) does not keep the contract module, and zod, alive.
      treeshake: {
        propertyReadSideEffects: false,
        moduleSideEffects: [
          { test: /packages[\\/]api-contract[\\/]src[\\/]/, sideEffects: false },
          // tRPC's client packages do not declare themselves side-effect free (its server package does); without
          // this, the unused WebSocket link stays in every screen's download.
          { test: /node_modules[\\/]@trpc[\\/](client|react-query)[\\/]/, sideEffects: false },
        ],
      },
      // Fewer, larger shared chunks: each file pays for its own compression window and import list.
      experimental: { chunkOptimization: { mergeCommonChunks: true } },
      // Everything the entry reaches statically ($initial) is one chunk: every screen needs it before its first render.
      // zod and the popover positioning get chunks of their own: otherwise they are merged with small modules every
      // screen uses (the contract's messages, the page header) and a screen without a form or a popover still
      // downloads them.
      output: {
        // A fixed entry name: the preload rule above tells the entry from the lazy chunks by it.
        entryFileNames: 'assets/app-[hash].js',
        codeSplitting: {
          groups: [
            { name: 'app-frame', tags: ['$initial'] },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
