import { escapeHtml } from '../../http/browser-page.js';
import type { AccountProfile } from '../state/accounts.js';
import { SCOPE_DESCRIPTIONS } from './scopes.js';

/** The two pages a browser sees on the fake: the demo's account chooser/consent screen, and Google-style error pages. */

/** Where the consent form posts; a path on the fake, not one of Google's APIs. */
export const CONSENT_PATH = '/signin/oauth/consent';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#202124}
h1{font-size:1.4rem;font-weight:500}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem;text-align:left;
border:1px solid #dadce0;border-radius:.5rem;background:#fff;cursor:pointer}button:hover{background:#f1f3f4}
.deny{text-align:center;color:#5f6368}.note{color:#5f6368;font-size:.85rem}code{word-break:break-all}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export interface ConsentPageInput {
  requestId: string;
  clientId: string;
  scopes: readonly string[];
  accounts: readonly AccountProfile[];
}

/** One "Allow" button per account (the login_hint account first) and a Cancel button; plain form posts, no scripts. */
export function consentPage(input: ConsentPageInput): string {
  const scopes = input.scopes.map((scope) => `<li>${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)}</li>`).join('');
  const accounts = input.accounts
    .map(
      (account) =>
        `<button type="submit" name="account" value="${escapeHtml(account.sub)}">Allow as <strong>${escapeHtml(account.name)}</strong><br>${escapeHtml(account.email)}</button>`,
    )
    .join('');
  return page(
    'Sign in – Google Accounts (fake)',
    `<h1>Choose an account</h1><p>to continue to <code>${escapeHtml(input.clientId)}</code>, which wants to:</p><ul>${scopes}</ul>
<form method="post" action="${CONSENT_PATH}"><input type="hidden" name="request" value="${escapeHtml(input.requestId)}">${accounts}
<button type="submit" name="decision" value="deny" class="deny">Cancel</button></form>
<p class="note">This is fake-google, a local stand-in for Google used by Breaker's tests and demo.</p>`,
  );
}

/** Google shows OAuth request errors as a page ("Error 400: redirect_uri_mismatch"), never by redirecting to an unverified URI. */
export function errorPage(status: number, error: string, description: string): string {
  return page(
    'Error – Google Accounts (fake)',
    `<h1>Access blocked: Authorization Error</h1><p><strong>Error ${status}: ${escapeHtml(error)}</strong></p><p>${escapeHtml(description)}</p>`,
  );
}
