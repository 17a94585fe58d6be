import { AppError } from '@breaker/api-contract';
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, isRefusedLiteral, PRIVATE_ADDRESS_CODE } from '../../net/public-address.js';

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface FeedFetchOptions {
  /** ALLOW_PRIVATE_FEEDS: loopback and private networks are refused unless this is on. */
  allowPrivate: boolean;
  /** What the feed said last time (ETag or Last-Modified), so an unchanged feed costs no download. */
  validator?: string | null;
}

export type FeedDownload = { kind: 'changed'; body: string; validator: string | null } | { kind: 'unchanged' };

/** Stored as one string: `etag:<value>` or `modified:<HTTP date>`. */
function conditionalHeaders(validator: string | null | undefined): Record<string, string> {
  if (validator?.startsWith('etag:')) return { 'if-none-match': validator.slice('etag:'.length) };
  if (validator?.startsWith('modified:')) return { 'if-modified-since': validator.slice('modified:'.length) };
  return {};
}

/** `webcal://` is how calendar apps spell https. */
export function normaliseFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new AppError('BAD_REQUEST', 'That is not a valid calendar feed URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('BAD_REQUEST', 'A calendar feed URL starts with https://, http:// or webcal://');
  }
  if (url.username || url.password) throw new AppError('BAD_REQUEST', 'Put no user name or password in the feed URL');
  return url;
}

/** Downloads an iCalendar feed: http(s) only, a size and time limit, a few redirects, each hop checked again. */
export async function fetchFeed(feedUrl: URL, options: FeedFetchOptions): Promise<FeedDownload> {
  let url = feedUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const response = await requestOnce(url, options);
    if (response.kind !== 'redirect') return response;
    url = normaliseFeedUrl(new URL(response.location, url).toString());
  }
  throw new AppError('BAD_REQUEST', 'The calendar feed redirects too many times');
}

type Hop = FeedDownload | { kind: 'redirect'; location: string };

const PRIVATE_REFUSED = 'Calendar feeds on private or local network addresses are not allowed';
const TOO_LARGE = 'The calendar feed is larger than 5 MB';

function requestOnce(url: URL, options: FeedFetchOptions): Promise<Hop> {
  if (isRefusedLiteral(url, options.allowPrivate)) {
    return Promise.reject(new AppError('BAD_REQUEST', PRIVATE_REFUSED));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options.allowPrivate),
        timeout: TIMEOUT_MS,
        headers: {
          accept: 'text/calendar, text/plain;q=0.8, */*;q=0.1',
          'user-agent': 'Breaker calendar sync',
          ...conditionalHeaders(options.validator),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ kind: 'redirect', location: response.headers.location });
          return;
        }
        if (status === 304) {
          response.resume();
          resolve({ kind: 'unchanged' });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new AppError('BAD_REQUEST', `The calendar feed answered ${status} instead of a calendar`));
          return;
        }
        // Refused before a byte is read when the server says how big it is; counted as it streams in otherwise.
        if (Number(response.headers['content-length'] ?? 0) > MAX_BYTES) {
          request.destroy();
          reject(new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            request.destroy();
            reject(new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          const etag = response.headers.etag;
          const modified = response.headers['last-modified'];
          const validator = etag ? `etag:${etag}` : modified ? `modified:${modified}` : null;
          resolve({ kind: 'changed', body: Buffer.concat(chunks).toString('utf8'), validator });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new AppError('UNAVAILABLE', 'The calendar feed did not answer in time')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof AppError) return reject(error);
      if (error.code === PRIVATE_ADDRESS_CODE) {
        return reject(new AppError('BAD_REQUEST', PRIVATE_REFUSED));
      }
      reject(new AppError('BAD_REQUEST', `The calendar feed could not be reached (${error.code ?? error.message})`));
    });
  });
}
