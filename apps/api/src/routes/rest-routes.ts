import {
  AppError,
  breakActivity,
  breaksFeedAnswer,
  breaksFeedTokenParam,
  breakSession,
  breakSessionPatch,
  calendarEvent,
  calendarSyncResult,
  icsFeedConnected,
  messageAnswer,
  okAnswer,
  preferences,
  refreshBreaksResult,
  registeredAnswer,
  selectedActivitiesAnswer,
  signedInAnswer,
  user,
  forgotPasswordInput,
  caldavCalendar,
  caldavCalendarsInput,
  caldavConnected,
  caldavInput,
  type CalendarProvider,
  icsFeedInput,
  idParam,
  loginInput,
  pushDevice,
  pushDeviceRemoval,
  pushPublicKey,
  pushSubscribed,
  pushSubscriptionInput,
  pushTestResult,
  registerInput,
  resetPasswordInput,
  selectedActivitiesInput,
  updatePreferencesInput,
  userIdParam,
} from '@breaker/api-contract';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z, type ZodObject, type ZodType } from 'zod';
import { finishProviderSignIn, oauthDeclined, oauthFailureReason } from '../auth/oauth-clients.js';
import { requireUser, signOut } from '../auth/request-session.js';
import type { AppDeps } from '../deps.js';
import { loadUser, register } from '../services/accounts.js';
import { listBreakActivities } from '../services/activities.js';
import { moveBreakLater } from '../services/break-actions.js';
import { listUpcomingBreaks, recordBreakOutcome, refreshBreaks, removeBreak } from '../services/breaks.js';
import { listCalendarEvents, syncCalendar } from '../services/calendar.js';
import { GOOGLE_CALENDAR_CALLBACK, GOOGLE_SIGN_IN_CALLBACK } from '../google/oauth-clients.js';
import { connectCalendarOnGoogleSignIn, connectGoogleCalendar } from '../services/google-calendar-connect.js';
import { chooseCalendars, connectCalDavAccount, listCalDavCalendars } from '../services/caldav.js';
import { disconnectUserCalendar } from '../services/calendar-disconnect.js';
import { connectIcsFeed } from '../services/ics-feed.js';
import { BREAKS_FEED_ROUTE, createBreaksFeed, readBreaksFeed, revokeBreaksFeed } from '../services/breaks-feed.js';
import { fetchGoogleProfile } from '../google/userinfo.js';
import { GOOGLE_EMAIL_IN_USE, signInWithGoogle } from '../services/google-sign-in.js';
import { OIDC_SIGN_IN_CALLBACK } from '../oidc/oidc-client.js';
import { finishOidcSignIn, startOidcSignIn } from '../oidc/oidc-navigation.js';
import { MICROSOFT_CALENDAR_CALLBACK, MICROSOFT_SIGN_IN_CALLBACK } from '../microsoft/oauth-clients.js';
import {
  finishMicrosoftCalendarConnection,
  finishMicrosoftSignIn,
  startMicrosoftCalendarConnection,
  startMicrosoftSignIn,
} from '../microsoft/oauth-callbacks.js';
import { requestPasswordReset, resetPassword } from '../services/password-reset.js';
import { signInWithPassword } from '../services/sign-in.js';
import { getPreferences, savePreferences, saveSelectedActivities } from '../services/preferences.js';
import { listPushDevices, readPushPublicKey, sendTestPush, subscribeToPush, unsubscribeFromPush } from '../services/push.js';

interface RouteContext {
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a route answers, for the OpenAPI document (openapi.ts). */
export type RouteAnswer =
  /** A JSON body of this shape, with this status (200 unless given). */
  | { json: ZodType; status?: 200 | 201 }
  /** A browser navigation: a 303 to a page of the web app. */
  | { redirect: true }
  /** An iCalendar document. */
  | { calendar: true }
  /** Nothing: 204 No Content. */
  | { empty: true };

/** A route as Fastify serves it: the development sign-ins use this alone (development-routes.ts). */
export interface ServedRoute {
  method: HTTPMethods;
  url: string;
  /** Answers 401 to anyone signed out, before the body or the path is read. */
  signedIn?: true;
  /** The session is read with the user's upcoming breaks, onto `request.upcomingBreaks` (request-session.ts). */
  readsUpcomingBreaks?: true;
  /** The answer depends only on the user's plan version and today: its ETag derives from them (plan-tags.ts). */
  answersFromPlan?: true;
  /** Read by a private address, not a session: no cookie is read or set, and its ETag works for anyone (conditional-reads.ts). */
  readByPrivateAddress?: true;
  /** What the route answers; undefined when it already sent a reply (a redirect). */
  handle(context: RouteContext): Promise<unknown>;
}

/**
 * A route of the REST table: beside its handler it declares what it takes and answers, in the shared schemas that
 * validate it, and the OpenAPI document is generated from these declarations (openapi.ts).
 */
export interface RestRoute extends ServedRoute {
  summary: string;
  params?: ZodObject;
  body?: ZodType;
  answer: RouteAnswer;
}

type Parsed<Schema> = Schema extends ZodType ? z.output<Schema> : undefined;
type Answered<Answer extends ZodType | undefined> = Answer extends ZodType ? z.input<Answer> : unknown;

interface CallSpec<Params extends ZodObject | undefined, Body extends ZodType | undefined, Answer extends ZodType> {
  summary: string;
  params?: Params;
  body?: Body;
  answer: Answer;
  status?: 200 | 201;
  readsUpcomingBreaks?: true;
  answersFromPlan?: true;
}

interface CallContext<Params, Body> extends RouteContext {
  params: Parsed<Params>;
  body: Parsed<Body>;
}

/** Path parameters, then the body, each parsed with its declared schema: a failure is a 400 with the schema's message. */
function parseInput(spec: { params?: ZodType; body?: ZodType }, request: FastifyRequest) {
  return { params: spec.params?.parse(request.params), body: spec.body?.parse(request.body) };
}

function declared(spec: CallSpec<ZodObject | undefined, ZodType | undefined, ZodType>) {
  return {
    summary: spec.summary,
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.readsUpcomingBreaks ? { readsUpcomingBreaks: spec.readsUpcomingBreaks } : {}),
    ...(spec.answersFromPlan ? { answersFromPlan: spec.answersFromPlan } : {}),
    answer: { json: spec.answer, ...(spec.status ? { status: spec.status } : {}) },
  };
}

/** A JSON call open to anyone (signing in and up, the activity catalogue). */
function publicCall<Params extends ZodObject | undefined, Body extends ZodType | undefined, Answer extends ZodType>(
  method: HTTPMethods,
  url: string,
  spec: CallSpec<Params, Body, Answer>,
  handle: (context: CallContext<Params, Body>) => Promise<Answered<Answer>>,
): RestRoute {
  return {
    method,
    url,
    ...declared(spec),
    handle: (context) => {
      if (spec.status) context.reply.code(spec.status);
      return handle({ ...context, ...(parseInput(spec, context.request) as { params: Parsed<Params>; body: Parsed<Body> }) });
    },
  };
}

/** A call for signed-in users only: anyone else gets 401 before anything is read, and `handle` gets the user's id. */
function signedInCall<Params extends ZodObject | undefined, Body extends ZodType | undefined, Answer extends ZodType>(
  method: HTTPMethods,
  url: string,
  spec: CallSpec<Params, Body, Answer>,
  handle: (context: CallContext<Params, Body> & { userId: string }) => Promise<Answered<Answer>>,
): RestRoute {
  return {
    ...publicCall(method, url, spec, (context) => handle({ ...context, userId: requireUser(context.request).id })),
    signedIn: true,
  };
}

/** Disconnecting the user's calendar of one provider (calendar-disconnect.ts). */
function calendarDisconnection(url: string, provider: CalendarProvider, summary: string): RestRoute {
  return signedInCall('DELETE', url, { summary, answer: okAnswer }, async ({ deps, userId }) =>
    disconnectUserCalendar(deps, userId, provider),
  );
}

/** Signs this browser out: `/api/auth/logout` and `/api/auth/clear-sessions` do the same. */
async function endSession({ deps, request, reply }: RouteContext) {
  await signOut(deps, request, reply);
  return { ok: true } as const;
}

/** A browser navigation that ends in a 303 to one of the web app's pages. */
function navigation(url: string, summary: string, handle: (context: RouteContext) => Promise<unknown>): RestRoute {
  return { method: 'GET', url, summary, answer: { redirect: true }, handle };
}

const GOOGLE_SIGN_IN = { provider: 'Google', emailInUse: GOOGLE_EMAIL_IN_USE, failed: 'google_failed' };

/**
 * Every `/api` call of the spec (§7) and its browser navigations, in one table; the development sign-ins have their
 * own (development-routes.ts). Each shim parses with the shared schema and calls the same service as the tRPC procedure.
 */
export const restRoutes: RestRoute[] = [
  signedInCall('GET', '/api/auth/user', { summary: 'The signed-in user', answer: user }, async ({ deps, request }) =>
    loadUser(deps.db, requireUser(request)),
  ),
  publicCall(
    'POST',
    '/api/auth/login',
    { summary: 'Sign in with a username and password', body: loginInput, answer: signedInAnswer },
    async ({ deps, request, reply, body }) => signInWithPassword(deps, request, reply, body),
  ),
  publicCall(
    'POST',
    '/api/auth/register',
    { summary: 'Open an account', body: registerInput, answer: registeredAnswer, status: 201 },
    async ({ deps, request, body }) => register(deps, body, request.ip),
  ),
  publicCall('POST', '/api/auth/logout', { summary: 'Sign out', answer: okAnswer }, endSession),
  navigation('/api/logout', 'Sign out and go to the home page', async ({ deps, request, reply }) => {
    // A link on another site must not be able to sign people out.
    if (request.headers['sec-fetch-site'] !== 'cross-site') await signOut(deps, request, reply);
    return reply.redirect('/', 303);
  }),
  navigation('/api/login', 'Go to the sign-in (Google when configured)', async ({ deps, reply }) =>
    reply.redirect(deps.config.google ? '/api/auth/google' : '/login', 303),
  ),
  publicCall('POST', '/api/auth/clear-sessions', { summary: "End this browser's session", answer: okAnswer }, endSession),
  publicCall(
    'POST',
    '/api/auth/forgot-password',
    { summary: 'Send a password reset link', body: forgotPasswordInput, answer: messageAnswer },
    async ({ deps, request, body }) => requestPasswordReset(deps, body.email, request.ip),
  ),
  publicCall(
    'POST',
    '/api/auth/reset-password',
    { summary: 'Set a new password with a reset link', body: resetPasswordInput, answer: messageAnswer },
    async ({ deps, body }) => resetPassword(deps, body.token, body.newPassword),
  ),
  navigation('/api/auth/google', 'Start signing in with Google', async ({ request, reply }) => {
    const google = request.server.googleSignIn;
    if (!google) return reply.redirect('/google-login?error=google_not_configured', 303);
    return reply.redirect(await google.generateAuthorizationUri(request, reply), 303);
  }),
  navigation(GOOGLE_SIGN_IN_CALLBACK, "Google's return from signing in", async ({ deps, request, reply }) => {
    const google = request.server.googleSignIn;
    if (!google || !deps.config.google) return reply.redirect('/google-login?error=google_not_configured', 303);
    if (oauthDeclined(request)) return reply.redirect('/login?error=google_failed', 303);
    const config = deps.config.google;
    return finishProviderSignIn(GOOGLE_SIGN_IN, { deps, request, reply }, async () => {
      const { token } = await google.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      const profile = await fetchGoogleProfile(config, token.access_token);
      const user = await signInWithGoogle(deps, profile);
      await connectCalendarOnGoogleSignIn(deps, user, profile.email, token);
      return user;
    });
  }),
  navigation('/api/auth/oidc', 'Start signing in with the single-sign-on provider', startOidcSignIn),
  navigation(OIDC_SIGN_IN_CALLBACK, "The single-sign-on provider's return from signing in", finishOidcSignIn),
  navigation('/api/auth/microsoft', 'Start signing in with Microsoft', startMicrosoftSignIn),
  navigation(MICROSOFT_SIGN_IN_CALLBACK, "Microsoft's return from signing in", finishMicrosoftSignIn),
  navigation('/api/auth/microsoft/calendar', 'Start connecting a Microsoft Outlook calendar', startMicrosoftCalendarConnection),
  navigation(MICROSOFT_CALENDAR_CALLBACK, "Microsoft's return from connecting a calendar", finishMicrosoftCalendarConnection),
  navigation('/api/auth/google/calendar', 'Start connecting a Google Calendar', async ({ request, reply }) => {
    if (!request.session) return reply.redirect('/calendar?error=session_lost', 303);
    const google = request.server.googleCalendar;
    if (!google) return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
    return reply.redirect(await google.generateAuthorizationUri(request, reply), 303);
  }),
  navigation(GOOGLE_CALENDAR_CALLBACK, "Google's return from connecting a calendar", async ({ deps, request, reply }) => {
    if (!request.session) return reply.redirect('/calendar?error=session_lost', 303);
    const google = request.server.googleCalendar;
    if (oauthDeclined(request)) return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
    try {
      if (!google) throw new AppError('UNAVAILABLE', 'Google Calendar is not configured');
      const { token } = await google.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      await connectGoogleCalendar(deps, request.session.user.id, token);
      return reply.redirect('/calendar?success=calendar_connected', 303);
    } catch (error) {
      request.log.warn({ reason: oauthFailureReason(error) }, 'calendar connection failed');
      return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
    }
  }),
  signedInCall('GET', '/api/user/preferences', { summary: 'Your preferences', answer: preferences }, async ({ deps, userId }) =>
    getPreferences(deps, userId),
  ),
  signedInCall(
    'PUT',
    '/api/user/preferences',
    { summary: 'Change your preferences', body: updatePreferencesInput, answer: preferences },
    async ({ deps, body, userId }) => savePreferences(deps, userId, body.preferences),
  ),
  signedInCall(
    'PUT',
    '/api/user/selected-activities',
    { summary: 'Choose the activities of your breaks', body: selectedActivitiesInput, answer: selectedActivitiesAnswer },
    async ({ deps, body, userId }) => saveSelectedActivities(deps, userId, body),
  ),
  publicCall(
    'GET',
    '/api/break-activities',
    { summary: 'The activity catalogue', answer: z.array(breakActivity) },
    async ({ deps }) => listBreakActivities(deps),
  ),
  signedInCall(
    'GET',
    '/api/calendar-events',
    { summary: 'Your calendar events', answer: z.array(calendarEvent), answersFromPlan: true },
    async ({ deps, userId }) => listCalendarEvents(deps, userId),
  ),
  signedInCall(
    'GET',
    '/api/upcoming-breaks',
    { summary: 'Your upcoming breaks', answer: z.array(breakSession), readsUpcomingBreaks: true, answersFromPlan: true },
    async ({ deps, request, userId }) => listUpcomingBreaks(deps, userId, request.upcomingBreaks),
  ),
  signedInCall(
    'POST',
    '/api/calendar/sync/:userId',
    { summary: 'Sync your calendar now', params: userIdParam, answer: calendarSyncResult },
    async ({ deps, params, userId }) => syncCalendar(deps, userId, params.userId),
  ),
  signedInCall(
    'POST',
    '/api/refresh-breakers/:userId',
    { summary: 'Place your breaks again', params: userIdParam, answer: refreshBreaksResult },
    async ({ deps, params, userId }) => refreshBreaks(deps, userId, params.userId),
  ),
  signedInCall(
    'PATCH',
    '/api/break-sessions/:id',
    { summary: 'Complete or skip a break', params: idParam, body: breakSessionPatch, answer: breakSession },
    async ({ deps, params, body, userId }) => recordBreakOutcome(deps, userId, params.id, body),
  ),
  signedInCall(
    'POST',
    '/api/break-sessions/:id/later',
    { summary: 'Move a break to the next free time at least 10 minutes on', params: idParam, answer: breakSession },
    async ({ deps, params, userId }) => moveBreakLater(deps, userId, params.id),
  ),
  signedInCall(
    'DELETE',
    '/api/break-sessions/:id',
    { summary: 'Remove a break', params: idParam, answer: okAnswer },
    async ({ deps, params, userId }) => removeBreak(deps, userId, params.id),
  ),
  signedInCall(
    'PUT',
    '/api/calendar/ics-feed',
    { summary: 'Connect (or replace) a read-only ICS feed', body: icsFeedInput, answer: icsFeedConnected },
    async ({ deps, body, userId }) => connectIcsFeed(deps, userId, body.url),
  ),
  calendarDisconnection('/api/calendar/ics-feed', 'ics', 'Disconnect the ICS feed'),
  signedInCall(
    'POST',
    '/api/calendar/breaks-feed',
    { summary: 'Create (or replace) the private address of your breaks feed', answer: breaksFeedAnswer },
    async ({ deps, userId }) => createBreaksFeed(deps, userId),
  ),
  signedInCall(
    'DELETE',
    '/api/calendar/breaks-feed',
    { summary: 'Turn off your breaks feed (its address answers 404)', answer: okAnswer },
    async ({ deps, userId }) => revokeBreaksFeed(deps, userId),
  ),
  {
    method: 'GET',
    url: BREAKS_FEED_ROUTE,
    summary: 'Your upcoming breaks as an iCalendar feed: the private address is the key, no cookie is needed',
    params: breaksFeedTokenParam,
    answer: { calendar: true },
    readByPrivateAddress: true,
    async handle({ deps, request, reply }) {
      const { token } = breaksFeedTokenParam.parse(request.params);
      const calendar = await readBreaksFeed(deps, token, request.ip);
      reply.type('text/calendar; charset=utf-8');
      return calendar;
    },
  },
  publicCall(
    'GET',
    '/api/push/public-key',
    { summary: "The server's Web Push (VAPID) public key", answer: pushPublicKey },
    async ({ deps }) => readPushPublicKey(deps),
  ),
  signedInCall(
    'POST',
    '/api/push/subscriptions',
    { summary: "Store this browser's push subscription", body: pushSubscriptionInput, answer: pushSubscribed, status: 201 },
    async ({ deps, request, body, userId }) => subscribeToPush(deps, userId, body, request.headers['user-agent']),
  ),
  {
    method: 'DELETE',
    url: '/api/push/subscriptions',
    summary: "Remove one of your devices' push subscriptions, by its endpoint or its id",
    body: pushDeviceRemoval,
    answer: { empty: true },
    signedIn: true,
    async handle({ deps, request, reply }) {
      await unsubscribeFromPush(deps, requireUser(request).id, pushDeviceRemoval.parse(request.body));
      return reply.code(204).send();
    },
  },
  signedInCall(
    'GET',
    '/api/push/subscriptions',
    { summary: 'Your devices that get reminders', answer: z.array(pushDevice) },
    async ({ deps, userId }) => listPushDevices(deps, userId),
  ),
  signedInCall(
    'POST',
    '/api/push/test',
    { summary: 'Send a test notification to each of your devices', answer: pushTestResult },
    async ({ deps, request, userId }) => sendTestPush(deps, userId, request.ip),
  ),
  signedInCall(
    'PUT',
    '/api/calendar/caldav',
    { summary: 'Connect (or replace) a CalDAV account', body: caldavInput, answer: caldavConnected },
    async ({ deps, body, userId }) => connectCalDavAccount(deps, userId, body),
  ),
  calendarDisconnection('/api/calendar/caldav', 'caldav', 'Disconnect the CalDAV account'),
  signedInCall(
    'GET',
    '/api/calendar/caldav/calendars',
    { summary: "Your CalDAV account's calendars: which hold busy time, which gets the breaks", answer: z.array(caldavCalendar) },
    async ({ deps, userId }) => listCalDavCalendars(deps, userId),
  ),
  signedInCall(
    'PUT',
    '/api/calendar/caldav/calendars',
    {
      summary: 'Choose the busy calendars and the calendar for breaks',
      body: caldavCalendarsInput,
      answer: z.array(caldavCalendar),
    },
    async ({ deps, body, userId }) => chooseCalendars(deps, userId, body.calendars),
  ),
  calendarDisconnection('/api/calendar/microsoft', 'microsoft', 'Disconnect the Microsoft Outlook calendar'),
  calendarDisconnection('/api/calendar/google', 'google', 'Disconnect the Google calendar'),
];
