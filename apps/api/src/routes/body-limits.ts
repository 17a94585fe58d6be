import { AppError, REQUEST_BODY_LIMIT_BYTES, REQUEST_JSON_MAX_DEPTH, SERVER_MESSAGES } from '@breaker/api-contract';
import type { FastifyInstance } from 'fastify';
import { Transform, type TransformCallback } from 'node:stream';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', SERVER_MESSAGES.bodyTooLarge);

/**
 * A signed-out caller may send at most REQUEST_BODY_LIMIT_BYTES.signedOut (the app's body limit is the signed-in one):
 * the session is resolved before the body is read (auth/request-session.ts), so a declared length over it is refused
 * before a byte is read, and a chunked body is counted as it streams in and cut off at the bound.
 */
export function registerSignedOutBodyLimit(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.session) return payload;
    const limit = REQUEST_BODY_LIMIT_BYTES.signedOut;
    if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
    return payload.pipe(new ByteBound(limit));
  });
}

/** Passes bytes through until more than `limit` have come, then fails with the 413. */
class ByteBound extends Transform {
  private received = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, next: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.limit) next(tooLarge());
    else next(null, chunk);
  }
}

/**
 * Refuses JSON nested deeper than REQUEST_JSON_MAX_DEPTH before it is parsed: a body of nothing but brackets parses
 * into tens of thousands of arrays that every later step (the prototype-poisoning scan, validation, the collector)
 * walks. One pass over the text, skipping strings, costs far less than the parse it spares.
 */
export function assertJsonDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > REQUEST_JSON_MAX_DEPTH) throw new AppError('BAD_REQUEST', SERVER_MESSAGES.bodyTooDeep);
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
