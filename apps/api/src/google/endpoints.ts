import type { Config } from '../env.js';

/** Google's own hosts and paths, or the same paths on GOOGLE_BASE_URL (a fake Google for tests and demos). */
export function googleEndpoints(google: NonNullable<Config['google']>) {
  const base = google.baseUrl?.replace(/\/$/, '');
  return {
    authorizeHost: base ?? 'https://accounts.google.com',
    authorizePath: '/o/oauth2/v2/auth',
    tokenHost: base ?? 'https://oauth2.googleapis.com',
    tokenPath: '/token',
    revokePath: '/revoke',
    userinfoUrl: `${base ?? 'https://www.googleapis.com'}/oauth2/v2/userinfo`,
  };
}
