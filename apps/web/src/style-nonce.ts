/**
 * The nonce Vite stamps on <meta property="csp-nonce">. Browsers hide the attribute value,
 * so it is read from the `nonce` property.
 */
export function readStyleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce ?? '';
}
