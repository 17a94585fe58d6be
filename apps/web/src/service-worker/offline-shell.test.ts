import { describe, expect, it } from 'vitest';
import { offlineShell, policyWithNonces, withNonces } from './offline-shell';

const SHELL = `<!doctype html><head><meta property="csp-nonce" nonce="__CSP_NONCE__">
<script type="module" src="/assets/app-1.js" nonce="__CSP_NONCE__"></script>
<link rel="stylesheet" href="/assets/app-1.css" nonce="__CSP_NONCE__"></head><body><p>__CSP_NONCE__</p></body>`;
const STATIC_POLICY = "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: https:;frame-ancestors 'none'";

describe('the offline shell', () => {
  it('puts the script nonce on scripts and the style nonce on styles and the nonce meta tag, nowhere else', () => {
    const page = withNonces(SHELL, { script: 'aaa', style: 'bbb' });
    expect(page).toContain('<script type="module" src="/assets/app-1.js" nonce="aaa">');
    expect(page).toContain('<link rel="stylesheet" href="/assets/app-1.css" nonce="bbb">');
    expect(page).toContain('<meta property="csp-nonce" nonce="bbb">');
    expect(page).toContain('<p>__CSP_NONCE__</p>');
  });

  it("adds the nonces to the static files' policy and keeps the rest of it", () => {
    expect(policyWithNonces(STATIC_POLICY, { script: 'aaa', style: 'bbb' })).toBe(
      "default-src 'self';script-src 'self' 'nonce-aaa';style-src 'self' 'nonce-bbb';img-src 'self' data: https:;frame-ancestors 'none'",
    );
  });

  it('answers each navigation with fresh nonces that match its policy', async () => {
    const stored = () =>
      new Response(SHELL, { headers: { 'content-type': 'text/html', 'content-security-policy': STATIC_POLICY } });
    const first = await offlineShell(stored());
    const second = await offlineShell(stored());
    const nonceOf = (policy: string | null) => /script-src 'self' 'nonce-([0-9a-f]{32})'/.exec(policy ?? '')?.[1];
    const nonce = nonceOf(first.headers.get('content-security-policy'));
    expect(nonce).toBeDefined();
    expect(await first.text()).toContain(`src="/assets/app-1.js" nonce="${nonce}"`);
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonce);
    expect(first.headers.get('cache-control')).toBe('no-store');
  });
});
