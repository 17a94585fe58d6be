/**
 * The scopes the fake grants: OpenID's, and Calendar's from the discovery doc's `auth.oauth2.scopes` (rev 20240523).
 * Google answers `email`/`profile` with the full userinfo scope URLs, so tokens carry those.
 */

export const USERINFO_EMAIL = 'https://www.googleapis.com/auth/userinfo.email';
export const USERINFO_PROFILE = 'https://www.googleapis.com/auth/userinfo.profile';

export const CALENDAR = 'https://www.googleapis.com/auth/calendar';
export const CALENDAR_EVENTS = 'https://www.googleapis.com/auth/calendar.events';
export const CALENDAR_EVENTS_READONLY = 'https://www.googleapis.com/auth/calendar.events.readonly';
export const CALENDAR_READONLY = 'https://www.googleapis.com/auth/calendar.readonly';
export const CALENDAR_SETTINGS_READONLY = 'https://www.googleapis.com/auth/calendar.settings.readonly';

/** What the consent page says each scope allows (the discovery docs' descriptions). */
export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  openid: 'Associate you with your personal info on Google',
  [USERINFO_EMAIL]: 'See your primary Google Account email address',
  [USERINFO_PROFILE]: "See your personal info, including any personal info you've made publicly available",
  [CALENDAR]: 'See, edit, share, and permanently delete all the calendars you can access using Google Calendar',
  [CALENDAR_EVENTS]: 'View and edit events on all your calendars',
  [CALENDAR_EVENTS_READONLY]: 'View events on all your calendars',
  [CALENDAR_READONLY]: 'See and download any calendar you can access using your Google Calendar',
  [CALENDAR_SETTINGS_READONLY]: 'View your Calendar settings',
};

const SHORT_NAMES: Readonly<Record<string, string>> = { email: USERINFO_EMAIL, profile: USERINFO_PROFILE };

export interface RequestedScopes {
  scopes: string[];
  unknown: string[];
}

/** A space-separated `scope` parameter, short names expanded, duplicates dropped. */
export function readScopes(parameter: string): RequestedScopes {
  const scopes: string[] = [];
  const unknown: string[] = [];
  for (const name of parameter.split(/\s+/).filter(Boolean)) {
    const scope = SHORT_NAMES[name] ?? name;
    if (!(scope in SCOPE_DESCRIPTIONS)) unknown.push(name);
    else if (!scopes.includes(scope)) scopes.push(scope);
  }
  return { scopes, unknown };
}
