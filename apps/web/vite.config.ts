import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: { conditions: ['@breaker/source', ...defaultClientConditions] },
  // The API serves index.html and swaps this placeholder for a per-request nonce (strict CSP).
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    proxy: { '/api': api, '/trpc': api, '/admin': api, '/metrics': api },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      // The contract's modules only declare constants and zod schemas: a screen that needs a constant
      // should not pull in zod and every schema with it.
      treeshake: { moduleSideEffects: [{ test: /packages\/api-contract\/src\//, sideEffects: false }] },
    },
  },
});
