/*
 * Whether an event is a video call (screen time, for the planner's eye-rest rule), read from the text calendars carry:
 * a Teams, Zoom, Google Meet or Webex join link in an ICS or CalDAV event's LOCATION, DESCRIPTION or URL, or in a
 * Google event's location or description. A host only counts when it IS the service's domain or one of its subdomains:
 * `zoom.us.evil.example`, `evilzoom.us` and `someone@zoom.us` do not.
 */

/** The services' own domains; a subdomain (us02web.zoom.us, acme.webex.com) counts too. */
const CALL_DOMAINS = [
  'zoom.us',
  'zoom.com',
  'zoomgov.com',
  'teams.microsoft.com',
  'teams.live.com',
  'meet.google.com',
  'webex.com',
] as const;

/**
 * A link's host, followed by its path: with or without a scheme, never inside another host, an e-mail address or
 * another link's query. Labels are bounded, so a hostile string costs linear time.
 */
const LINK = /(?<![\w.@%/=-])(?:https?:\/\/)?((?:[a-z0-9-]{1,63}\.){1,10}[a-z]{2,63})(?::\d{1,5})?\//gi;

/** Text past this is not read: join links sit near the top, and a huge description costs nothing more. */
const MAX_TEXT = 64 * 1024;

export function isCallHost(host: string): boolean {
  const name = host.toLowerCase();
  return CALL_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`));
}

/** Whether any of `texts` holds a video call's join link. */
export function mentionsVideoCall(...texts: readonly (string | null | undefined)[]): boolean {
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.slice(0, MAX_TEXT).matchAll(LINK)) {
      if (isCallHost(match[1] ?? '')) return true;
    }
  }
  return false;
}
