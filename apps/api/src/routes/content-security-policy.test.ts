import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../app.test-support.js';
import { startLoggedApp, type LoggedApp } from '../logged-app.test-support.js';

/** What the web build writes: every script, style and preload carries the nonce placeholder. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta property="csp-nonce" nonce="__CSP_NONCE__">
<script type="module" src="/assets/index-abc.js" nonce="__CSP_NONCE__"></script>
<link rel="stylesheet" href="/assets/index-abc.css" nonce="__CSP_NONCE__">
</head>
<body><div id="root"></div></body>
</html>
`;

const JSON_POLICY = "default-src 'none';frame-ancestors 'none'";

/** helmet's other headers, the same on pages and JSON answers. */
const SECURITY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('Content-Security-Policy', () => {
  let webDistDir: string;
  let subject: LoggedApp;
  let client: TestClient;

  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'breaker-web-'));
    mkdirSync(join(webDistDir, 'assets'));
    writeFileSync(join(webDistDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDistDir, 'assets', 'index-abc.js'), 'console.log("breaker");\n');
    writeFileSync(join(webDistDir, 'sw.js'), 'self.addEventListener("push", () => undefined);\n');
    writeFileSync(join(webDistDir, 'manifest.webmanifest'), '{"name":"Breaker"}\n');
    subject = await startLoggedApp({ webDistDir });
    client = new TestClient(subject.app);
    await client.registerAndSignIn('policy');
  });
  afterAll(async () => {
    await subject?.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  it('gives every page a fresh nonce, in its policy and on each of its scripts and styles', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/', '/calendar', '/reset-password?token=abc']) {
      const page = await client.request('GET', url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      const script = /script-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)?.[1];
      const style = /style-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)?.[1];
      expect(script, csp).toBeDefined();
      expect(style, csp).toBeDefined();
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // The service worker and the manifest come from this site only.
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(page.body).toContain(`<script type="module" src="/assets/index-abc.js" nonce="${script}">`);
      expect(page.body).toContain(`<link rel="stylesheet" href="/assets/index-abc.css" nonce="${style}">`);
      expect(page.body).not.toContain('__CSP_NONCE__');
      expect(page.headers).toMatchObject(SECURITY_HEADERS);
      seen.add(String(script));
    }
    expect(seen.size).toBe(4);
  });

  it('gives JSON answers, signed in or not, found or not, a policy that loads nothing and has no nonce', async () => {
    const answers = [
      await client.request('GET', '/api/upcoming-breaks'),
      await client.request('GET', '/trpc/breaks.upcoming'),
      await client.request('POST', '/api/refresh-breakers/00000000-0000-0000-0000-000000000000'),
      await new TestClient(subject.app).request('GET', '/api/upcoming-breaks'),
      await subject.app.inject({ method: 'GET', url: '/api/health' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 403, 401, 200]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['content-security-policy']).toBe(JSON_POLICY);
      expect(answer.headers).toMatchObject(SECURITY_HEADERS);
    }
  });

  it('answers an unknown API path with a JSON 404, not the page', async () => {
    for (const url of ['/api/no-such-thing', '/trpc/a/b', '/metrics']) {
      const answer = await client.request('GET', url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toHaveProperty('message');
      expect(answer.headers).toMatchObject(SECURITY_HEADERS);
    }
  });

  it('serves the built files under the self-only policy, without a nonce', async () => {
    const asset = await client.request('GET', '/assets/index-abc.js');
    expect(asset.statusCode).toBe(200);
    const csp = String(asset.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('nonce-');
    expect(asset.headers).toMatchObject(SECURITY_HEADERS);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the service worker from the root, checked again on every use, with the manifest beside it', async () => {
    const worker = await client.request('GET', '/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('push');
    const manifest = await client.request('GET', '/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});
