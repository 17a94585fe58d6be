import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed, normaliseFeedUrl } from './feed-fetch.js';

const CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

describe('calendar feed download', () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/feed.ics') {
        if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304).end();
        return void response.writeHead(200, { 'content-type': 'text/calendar', etag: '"v1"' }).end(CALENDAR);
      }
      if (request.url === '/moved') return void response.writeHead(302, { location: '/feed.ics' }).end();
      if (request.url === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
      if (request.url === '/huge') {
        response.writeHead(200);
        const chunk = Buffer.alloc(1024 * 1024, 'x');
        for (let i = 0; i < 6; i += 1) response.write(chunk);
        return void response.end();
      }
      if (request.url === '/declared-huge') {
        // Says 6 MB and sends a little, then nothing: only the header can refuse it before the time limit.
        response.writeHead(200, { 'content-length': String(6 * 1024 * 1024) });
        return void response.write(CALENDAR);
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads webcal:// as https:// and refuses other schemes and credentials', () => {
    expect(normaliseFeedUrl('webcal://example.com/a.ics').toString()).toBe('https://example.com/a.ics');
    expect(() => normaliseFeedUrl('file:///etc/passwd')).toThrow(/https/);
    expect(() => normaliseFeedUrl('not a url')).toThrow(/valid/);
    expect(() => normaliseFeedUrl('https://user:pw@example.com/a.ics')).toThrow(/password/);
  });

  it('refuses loopback and private addresses unless private feeds are allowed', async () => {
    await expect(fetchFeed(new URL(`${origin}/feed.ics`), { allowPrivate: false })).rejects.toThrow(/private or local/);
    await expect(fetchFeed(new URL('http://localhost:9/feed.ics'), { allowPrivate: false })).rejects.toThrow(/private or local/);
    await expect(fetchFeed(new URL('http://[::ffff:127.0.0.1]:9/x'), { allowPrivate: false })).rejects.toThrow(
      /private or local/,
    );
    expect(await fetchFeed(new URL(`${origin}/feed.ics`), { allowPrivate: true })).toEqual({
      kind: 'changed',
      body: CALENDAR,
      validator: 'etag:"v1"',
    });
  });

  it('asks with the last ETag and learns the feed is unchanged', async () => {
    expect(await fetchFeed(new URL(`${origin}/feed.ics`), { allowPrivate: true, validator: 'etag:"v1"' })).toEqual({
      kind: 'unchanged',
    });
  });

  it('follows a few redirects, and stops at loops, errors and oversized bodies', async () => {
    expect(await fetchFeed(new URL(`${origin}/moved`), { allowPrivate: true })).toMatchObject({
      kind: 'changed',
      body: CALENDAR,
    });
    await expect(fetchFeed(new URL(`${origin}/loop`), { allowPrivate: true })).rejects.toThrow(/redirects/);
    await expect(fetchFeed(new URL(`${origin}/missing`), { allowPrivate: true })).rejects.toThrow(/404/);
    await expect(fetchFeed(new URL(`${origin}/huge`), { allowPrivate: true })).rejects.toThrow(/5 MB/);
  });

  it('refuses a body declared larger than 5 MB before reading it', async () => {
    const started = Date.now();
    await expect(fetchFeed(new URL(`${origin}/declared-huge`), { allowPrivate: true })).rejects.toThrow(/5 MB/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
