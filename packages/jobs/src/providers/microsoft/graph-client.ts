import { microsoftEndpoints, type MicrosoftSettings } from '@breaker/api-contract/config';
import { AuthorizationCode } from 'simple-oauth2';
import { withProviderRetries, type RetryOptions } from '../provider-retries.js';

/** Every Graph or token request gives up after this long; the retry policy decides what happens next. */
export const GRAPH_REQUEST_TIMEOUT_MS = 10_000;

/** What Breaker asks again when it refreshes: the calendar and the profile, with a refresh token to come. */
const REFRESH_SCOPES = ['offline_access', 'User.Read', 'Calendars.ReadWrite'];

/**
 * A Graph answer other than success, shaped as provider-retries.ts reads failures (`response.status`, `.data`,
 * `.headers`), so Graph calls share its backoff: 429 and 5xx retried, `Retry-After` honoured.
 */
export class GraphFailure extends Error {
  override readonly name = 'GraphFailure';
  constructor(readonly response: { status: number; data: unknown; headers: Headers }) {
    super(`Microsoft Graph answered ${response.status}${graphCode(response.data) ? ` ${graphCode(response.data)}` : ''}`);
  }

  get code(): string | undefined {
    return graphCode(this.response.data);
  }
}

function graphCode(data: unknown): string | undefined {
  const code = (data as { error?: { code?: unknown } } | undefined)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The token endpoint refused the refresh token: revoked, expired (AADSTS50173, 700082…) or otherwise dead. */
export function isInvalidGrant(error: unknown): boolean {
  const payload = (error as { data?: { payload?: { error?: unknown } } }).data?.payload;
  return payload?.error === 'invalid_grant';
}

/** Access tokens by connection, reused until shortly before they expire: a quiet re-sync asks Graph only once. */
const accessTokens = new Map<string, { value: string; expiresAt: number }>();
const MAX_CACHED_TOKENS = 10_000;
const EXPIRY_MARGIN_MS = 60_000;

export interface GraphClientOptions {
  /** Identifies the grant in the access-token cache. */
  connectionId: string;
  refreshToken: string;
  /** Microsoft answers a new refresh token with every refresh; the caller stores it (sealed) for the next one. */
  onNewRefreshToken: (refreshToken: string) => Promise<void>;
  timeoutMs?: number;
  retry?: RetryOptions;
}

export interface GraphResponse<T> {
  status: number;
  body: T;
}

/** Graph over fetch, with an access token from the stored refresh token through a well-kept OAuth client. */
export class GraphClient {
  private readonly oauth: AuthorizationCode;
  private readonly root: string;

  constructor(
    private readonly settings: MicrosoftSettings,
    private readonly options: GraphClientOptions,
  ) {
    const endpoints = microsoftEndpoints(settings);
    this.root = endpoints.graphRoot;
    this.oauth = new AuthorizationCode({
      client: { id: settings.clientId, secret: settings.clientSecret },
      auth: { tokenHost: endpoints.loginOrigin, tokenPath: endpoints.tokenPath },
      options: { authorizationMethod: 'body' },
      http: { timeout: options.timeoutMs ?? GRAPH_REQUEST_TIMEOUT_MS },
    });
  }

  private async accessToken(): Promise<string> {
    const cached = accessTokens.get(this.options.connectionId);
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.value;
    const fresh = await this.oauth.createToken({ refresh_token: this.options.refreshToken }).refresh({ scope: REFRESH_SCOPES });
    const token = fresh.token as { access_token: string; refresh_token?: string; expires_at?: Date };
    if (accessTokens.size >= MAX_CACHED_TOKENS) accessTokens.clear();
    accessTokens.set(this.options.connectionId, {
      value: token.access_token,
      expiresAt: token.expires_at?.getTime() ?? Date.now(),
    });
    if (token.refresh_token && token.refresh_token !== this.options.refreshToken) {
      this.options.refreshToken = token.refresh_token;
      await this.options.onNewRefreshToken(token.refresh_token);
    }
    return token.access_token;
  }

  /** One request, retried on throttling and server errors; a 401 (an access token Microsoft dropped) refreshes once. */
  request<T>(
    method: string,
    pathOrUrl: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<GraphResponse<T>> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.root}${pathOrUrl}`;
    return withProviderRetries(
      'microsoft',
      async () => {
        let response = await this.send(method, url, init);
        if (response.status === 401) {
          accessTokens.delete(this.options.connectionId);
          response = await this.send(method, url, init);
        }
        const text = await response.text();
        const body: unknown = text ? JSON.parse(text) : undefined;
        if (!response.ok) throw new GraphFailure({ status: response.status, data: body, headers: response.headers });
        return { status: response.status, body: body as T };
      },
      this.options.retry ?? {},
    );
  }

  private async send(method: string, url: string, init: { body?: unknown; headers?: Record<string, string> }): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${await this.accessToken()}`, ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(url, {
      method,
      headers,
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? GRAPH_REQUEST_TIMEOUT_MS),
    });
  }
}

/** Forgets every cached access token (tests that start over, a disconnect). */
export function forgetAccessTokens(): void {
  accessTokens.clear();
}
