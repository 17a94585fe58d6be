/**
 * What a browser downloads first: the JS and CSS a route needs before it can render, gzip-compressed, read from the
 * Vite manifest of a production build of apps/web made in this run. The baseline is a bare React + Router + Query
 * app (bench/bare) built in the same run with the same Vite. Targets: JS ≤ 150 KB, CSS ≤ 30 KB per route.
 */
import react from '@vitejs/plugin-react';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { emitRow, fmt, ratioText } from '../../../bench/row.js';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROUTES = { '/': 'src/routes/index.tsx', '/calendar': 'src/routes/calendar.tsx' } as const;
const TARGET_JS_KB = 150;
const TARGET_CSS_KB = 30;

async function buildWithManifest(root: string, configFile: string | false, outDir: string): Promise<Manifest> {
  await build({
    root,
    configFile,
    logLevel: 'warn',
    ...(configFile ? {} : { plugins: [react()] }),
    build: { outDir, manifest: 'manifest.json', emptyOutDir: true, sourcemap: false },
  });
  return JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunks loaded before first render: the entry, the route's own split chunks, and what they import statically. */
function initialFiles(manifest: Manifest, routeFile: string | undefined): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || (routeFile && key.split('?')[0] === routeFile)) visit(key);
  }
  return { js, css };
}

const gzipKb = (outDir: string, files: Iterable<string>): number =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length, 0) / 1024;

const out = mkdtempSync(join(tmpdir(), 'breaker-bundle-'));
try {
  const bareOut = join(out, 'bare');
  const bare = initialFiles(await buildWithManifest(join(webDir, 'bench/bare'), false, bareOut), undefined);
  const bareKb = gzipKb(bareOut, bare.js);
  const appOut = join(out, 'app');
  const manifest = await buildWithManifest(webDir, join(webDir, 'vite.config.ts'), appOut);
  for (const [path, routeFile] of Object.entries(ROUTES)) {
    const initial = initialFiles(manifest, routeFile);
    const jsKb = gzipKb(appOut, initial.js);
    const cssKb = gzipKb(appOut, initial.css);
    process.stdout.write(`${path}: ${[...initial.js].join(', ')} | ${[...initial.css].join(', ')}\n`);
    emitRow({
      area: 'web',
      figure: `initial JS for ${path} (gzip)`,
      measured: `${fmt(jsKb, 1)} KB in ${initial.js.size} files`,
      baseline: `bare React + Router + Query ${fmt(bareKb, 1)} KB`,
      ratio: `${fmt(jsKb / bareKb, 2)}×`,
      target: `≤ ${TARGET_JS_KB} KB`,
      met: jsKb <= TARGET_JS_KB,
      spread: 'one build (sizes do not vary)',
    });
    emitRow({
      area: 'web',
      figure: `initial CSS for ${path} (gzip)`,
      measured: `${fmt(cssKb, 1)} KB in ${initial.css.size} files`,
      baseline: `JS of the same route ${fmt(jsKb, 1)} KB`,
      ratio: ratioText(cssKb / jsKb),
      target: `≤ ${TARGET_CSS_KB} KB`,
      met: cssKb <= TARGET_CSS_KB,
      spread: 'one build (sizes do not vary)',
    });
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
