/**
 * The page the worker answers a navigation with when the network is gone: the precached index.html, given fresh CSP
 * nonces the way the server gives them (apps/api/src/routes/web-app.ts), so the strict policy holds offline too. The
 * precached copy carries the placeholders and the policy the server sends with its static files; each navigation gets
 * its own nonces, never a stale one.
 */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export interface ShellNonces {
  script: string;
  style: string;
}

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Scripts get the script nonce, stylesheets and the nonce meta tag the style one, as on the server. */
export function withNonces(html: string, nonces: ShellNonces): string {
  return html.replace(/<(script|style|link|meta)\b[^>]*>/g, (tag, name: string) =>
    tag.replaceAll(NONCE_PLACEHOLDER, name === 'script' ? nonces.script : nonces.style),
  );
}

/** The static files' self-only policy, with the nonces added to script-src and style-src. */
export function policyWithNonces(policy: string, nonces: ShellNonces): string {
  return policy
    .replace(/(^|;)\s*script-src 'self'/, `$1script-src 'self' 'nonce-${nonces.script}'`)
    .replace(/(^|;)\s*style-src 'self'/, `$1style-src 'self' 'nonce-${nonces.style}'`);
}

/** A page for this one navigation from the precached shell. */
export async function offlineShell(shell: Response): Promise<Response> {
  const nonces = { script: newNonce(), style: newNonce() };
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  const policy = shell.headers.get('content-security-policy');
  if (policy) headers.set('content-security-policy', policyWithNonces(policy, nonces));
  return new Response(withNonces(await shell.text(), nonces), { status: 200, headers });
}
