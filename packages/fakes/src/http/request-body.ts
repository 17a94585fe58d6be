import type { IncomingMessage } from 'node:http';

/** Enough for any event or token request; a larger body is a client bug, not something to buffer. */
const MAX_BODY_BYTES = 1_000_000;

/** The request body as text; `tooLarge` builds the service's own answer to a body over the bound. */
export async function readText(request: IncomingMessage, tooLarge: () => Error): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
