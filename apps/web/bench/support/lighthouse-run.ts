import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lighthouseBin = join(dirname(fileURLToPath(import.meta.url)), '../../node_modules/.bin/lighthouse');
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseResult {
  performance: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

/** One Lighthouse performance run (desktop preset) with the session cookie, in a fresh headless Chromium. */
export async function lighthouse(url: string, cookie: string): Promise<LighthouseResult> {
  const out = mkdtempSync(join(tmpdir(), 'breaker-lighthouse-'));
  const reportPath = join(out, 'report.json');
  try {
    const code = await new Promise<number | null>((done) => {
      const child = spawn(
        lighthouseBin,
        [
          url,
          '--preset=desktop',
          '--only-categories=performance',
          '--output=json',
          `--output-path=${reportPath}`,
          '--quiet',
          `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
          `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.on('close', done);
    });
    if (code !== 0) throw new Error(`lighthouse exited with ${code} on ${url}`);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
    return {
      performance: Math.round(report.categories.performance.score * 100),
      cls: report.audits['cumulative-layout-shift']!.numericValue,
      lcpMs: report.audits['largest-contentful-paint']!.numericValue,
      tbtMs: report.audits['total-blocking-time']!.numericValue,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
