/**
 * The nonce Vite stamps on <meta property="csp-nonce">. Browsers hide the attribute value,
 * so it is read from the `nonce` property.
 */
export function readStyleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce ?? '';
}

/**
 * Mantine's modal scroll lock (react-remove-scroll) injects its own <style> and takes the nonce
 * from webpack's global; without it the strict CSP blocks that style.
 */
export function shareStyleNonce(): void {
  (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = readStyleNonce();
}
