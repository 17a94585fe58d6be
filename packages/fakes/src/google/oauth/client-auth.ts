import type { IncomingMessage } from 'node:http';
import type { FakeGoogleClient } from './grant-store.js';
import { clientNotFound, invalidRequest, wrongClientSecret } from './token-errors.js';

/** RFC 6749 §2.3.1: the Basic credentials are form-encoded before base64. */
const formDecode = (text: string): string => decodeURIComponent(text.replace(/\+/g, ' '));

function basicCredentials(request: IncomingMessage): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

/** The client a token request authenticates as: HTTP Basic or `client_id`/`client_secret` in the body. */
export function authenticateClient(
  request: IncomingMessage,
  form: URLSearchParams,
  clients: ReadonlyMap<string, FakeGoogleClient>,
): FakeGoogleClient {
  const credentials = basicCredentials(request) ?? {
    clientId: form.get('client_id') ?? undefined,
    clientSecret: form.get('client_secret') ?? undefined,
  };
  if (!credentials.clientId) throw invalidRequest('Could not determine client ID from request.');
  const client = clients.get(credentials.clientId);
  if (!client) throw clientNotFound();
  if (!credentials.clientSecret) throw invalidRequest('client_secret is missing.');
  if (credentials.clientSecret !== client.clientSecret) throw wrongClientSecret();
  return client;
}
