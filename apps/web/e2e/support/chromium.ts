/**
 * The Chromium that the end-to-end tests and the page benchmarks (Lighthouse included) drive, one way for both:
 * Debian's unless CHROMIUM_PATH says otherwise, headless without a sandbox or GPU, and with none of the browser's own
 * background traffic beside the app's requests.
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
