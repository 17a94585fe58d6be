// Renders the app's mark (icons/*.svg) into the PNG icons the manifest and the notifications use (public/icons/).
// Run after changing a mark: `node scripts/render-icons.mjs`; the PNGs are committed.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
// The flags of e2e/support/chromium.ts (a script run by plain Node cannot import TypeScript).
const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];

const ICONS = [
  { source: 'mark.svg', size: 192, file: 'icon-192.png' },
  { source: 'mark.svg', size: 512, file: 'icon-512.png' },
  { source: 'mark-maskable.svg', size: 192, file: 'icon-maskable-192.png' },
  { source: 'mark-maskable.svg', size: 512, file: 'icon-maskable-512.png' },
  { source: 'badge.svg', size: 96, file: 'badge-96.png' },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
try {
  for (const { source, size, file } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(new URL(`../icons/${source}`, import.meta.url), 'utf8');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: new URL(`../public/icons/${file}`, import.meta.url).pathname, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
