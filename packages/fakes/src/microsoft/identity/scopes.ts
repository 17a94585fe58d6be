/** The OpenID Connect scopes (identity-platform.scopes-oidc.md); every other scope without a resource is Graph's. */
export const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);
const GRAPH_RESOURCE = 'https://graph.microsoft.com/';

/** `https://graph.microsoft.com/User.Read` and `User.Read` name the same permission; the fake keeps the short form. */
export function normaliseScopes(scope: string | null): string[] {
  const scopes = (scope ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((item) => (item.toLowerCase().startsWith(GRAPH_RESOURCE) ? item.slice(GRAPH_RESOURCE.length) : item));
  return [...new Set(scopes)];
}
