import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, RESPONSE_TOO_LARGE } from './caldav-fetch.js';

const LIMIT = 64 * 1024;

describe("the CalDAV fetch's cap on an answer's size", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const size = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('size'));
      if (request.url?.startsWith('/declared')) response.setHeader('content-length', String(size));
      // Streamed in chunks without a length: the cap counts as it reads.
      const chunk = Buffer.alloc(4096, 'a');
      for (let sent = 0; sent < size; sent += chunk.length)
        response.write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('passes an answer within the cap through whole', async () => {
    const response = await guardedFetch(true, LIMIT)(`${origin}/streamed?size=${LIMIT}`);
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBe(LIMIT);
  });

  it.each(['streamed', 'declared'])('refuses a larger %s answer with a clear message', async (kind) => {
    await expect(guardedFetch(true, LIMIT)(`${origin}/${kind}?size=${LIMIT + 1}`)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: RESPONSE_TOO_LARGE,
    });
  });
});
