import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** A client registered with the provider, as an administrator registers Breaker in Keycloak or Authentik. */
export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** A person who can sign in: the login form takes `sub` as the login (with any password), as the provider's account id. */
export interface TestOidcAccount {
  sub: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
}

export interface TestOidcProviderOptions {
  clients: TestOidcClient[];
  accounts: TestOidcAccount[];
  host?: string;
  /** 0 (the default) takes any free port. */
  port?: number;
}

export interface TestOidcProvider {
  /** The issuer, which is also where its discovery document lives (`/.well-known/openid-configuration`). */
  issuer: string;
  /** The key ids the provider publishes, the one it signs with first. */
  signingKeyIds(): string[];
  /** Signs with a new key from now on, still publishing the old one, as a provider's key rotation does. */
  rotateSigningKey(): void;
  /** Fires with the ID token after the token endpoint has issued tokens, before they are sent. */
  onTokensIssued(listener: ((idToken: string) => void) | undefined): void;
  close(): Promise<void>;
}

/** An RS256 signing key with a fresh key id, as the provider's JWKS publishes it (the private half stays with it). */
function newSigningKey(): JsonWebKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };
}

/** A first-party client needs no consent screen: the grant of the scopes asked for is made at the first sign-in. */
async function grantAskedScopes(ctx: KoaContextWithOIDC) {
  const { client, session, params } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = session.grantIdFor(client.clientId);
  if (grantId) return ctx.oidc.provider.Grant.find(grantId);
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(String(params?.['scope'] ?? 'openid'));
  await grant.save();
  return grant;
}

function configuration(options: TestOidcProviderOptions, keys: JsonWebKey[]): Configuration {
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  return {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: keys as NonNullable<Configuration['jwks']>['keys'] },
    findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: true,
          name: account.name,
          given_name: account.givenName,
          family_name: account.familyName,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    loadExistingGrant: grantAskedScopes,
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  };
}

/**
 * The certified `oidc-provider` on loopback, for tests and end-to-end runs: discovery, the authorization endpoint with
 * its plain login form (devInteractions), the token, userinfo and JWKS endpoints. Not a fake: the real provider with a
 * test client and test accounts.
 */
export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  let provider: Provider | undefined;
  let handle: ReturnType<Provider['callback']> | undefined;
  let tokensIssued: ((idToken: string) => void) | undefined;
  const server: Server = createServer((request, response) => {
    if (handle) return void handle(request, response);
    response.statusCode = 503;
    response.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}`;
  let keys = [newSigningKey()];

  function serveWith(signingKeys: JsonWebKey[]) {
    provider = new Provider(issuer, configuration(options, signingKeys));
    provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
      const body = ctx.body as { id_token?: unknown } | undefined;
      if (typeof body?.id_token === 'string') tokensIssued?.(body.id_token);
    });
    handle = provider.callback();
  }
  serveWith(keys);

  return {
    issuer,
    signingKeyIds: () => keys.map((key) => String(key.kid)),
    rotateSigningKey() {
      keys = [newSigningKey(), ...keys];
      serveWith(keys);
    },
    onTokensIssued(listener) {
      tokensIssued = listener;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
