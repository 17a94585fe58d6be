import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';

/** A page and a script of the sizes the web build makes them (both well over the 1 KB below which nothing is packed). */
const INDEX_HTML = `<!doctype html><html lang="en"><head>
<script type="module" src="/assets/app-abc.js" nonce="__CSP_NONCE__"></script>
<style nonce="__CSP_NONCE__">${'.breaker { color: #123456; }\n'.repeat(60)}</style>
</head><body><div id="root"></div></body></html>
`;
const SCRIPT = `export const breaks = [${'{ "activity": "stretch", "minutes": 5 },'.repeat(200)}];\n`;
/** A PNG's bytes are compressed already: packing them again only costs CPU. */
const IMAGE = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 7)]);

const JSON_POLICY = "default-src 'none';frame-ancestors 'none'";

function unpacked(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  throw new Error(`not compressed: ${String(encoding)}`);
}

describe.each<{ setting: string; env: Record<string, string>; compresses: boolean }>([
  { setting: 'unset', env: {}, compresses: true },
  { setting: 'false', env: { COMPRESS_RESPONSES: 'false' }, compresses: false },
])('answers with COMPRESS_RESPONSES $setting', ({ env, compresses }) => {
  let webDistDir: string;
  let subject: AppUnderTest;
  let client: TestClient;

  const get = (url: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
    subject.app.inject({
      method: 'GET',
      url,
      headers: { cookie: client.cookieHeader(), 'accept-encoding': acceptEncoding, ...headers },
    });

  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'breaker-web-'));
    mkdirSync(join(webDistDir, 'assets'));
    writeFileSync(join(webDistDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDistDir, 'assets', 'app-abc.js'), SCRIPT);
    writeFileSync(join(webDistDir, 'assets', 'logo.png'), IMAGE);
    subject = await startTestApp('pglite', { env, webDistDir });
    client = new TestClient(subject.app);
    const { id } = await client.registerAndSignIn('compressed');
    await client.request('PUT', '/api/user/preferences', { preferences: { workDays: [1, 2, 3, 4, 5, 6, 7] } });
    await client.request('POST', `/api/refresh-breakers/${id}`);
  });
  afterAll(async () => {
    await subject?.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  it.each([
    ['/api/upcoming-breaks', 'br'],
    ['/trpc/breaks.upcoming', 'gzip'],
  ])('%s: %s when asked, the same JSON and every header kept', async (url, encoding) => {
    const plain = await get(url, 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const packed = await get(url, `${encoding}, deflate`);
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-security-policy']).toBe(JSON_POLICY);
    expect(packed.headers['x-content-type-options']).toBe('nosniff');
    expect(packed.headers['etag']).toBe(plain.headers['etag']);
    if (!compresses) {
      expect(packed.headers['content-encoding']).toBeUndefined();
      expect(packed.body).toBe(plain.body);
      return;
    }
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(String(packed.headers['vary']).split(', ')).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(unpacked(packed)).toBe(plain.body);

    const notModified = await get(url, encoding, { 'if-none-match': String(plain.headers['etag']) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('packs the page and its script, and keeps the page its nonce policy', async () => {
    const page = await get('/calendar', 'gzip, deflate, br');
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const script = await get('/assets/app-abc.js', 'gzip');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    if (!compresses) {
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(script.headers['content-encoding']).toBeUndefined();
      expect(script.body).toBe(SCRIPT);
      return;
    }
    expect(page.headers['content-encoding']).toBe('br');
    expect(unpacked(page)).toContain(`<script type="module" src="/assets/app-abc.js" nonce="${nonce}">`);
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(unpacked(script)).toBe(SCRIPT);
  });

  it('leaves small answers and compressed types as they are', async () => {
    const health = await get('/api/health', 'br, gzip');
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['content-encoding']).toBeUndefined();
    const image = await get('/assets/logo.png', 'br, gzip');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(IMAGE)).toBe(true);
  });
});
