// Temporary stand-in for @breaker/api/router while apps/api is being written. Deleted before hand-off.
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import {
  loginInput,
  registerInput,
  updatePreferencesInput,
  selectedActivitiesInput,
  userIdParam,
  idParam,
  breakSessionPatch,
  type User,
  type Preferences,
  type BreakActivity,
  type CalendarEvent,
  type BreakSession,
  type CalendarSyncResult,
  type RefreshBreaksResult,
} from '@breaker/api-contract';

const t = initTRPC.create();
const p = t.procedure;
const out = <T,>() => null as unknown as T;

export const appRouter = t.router({
  auth: t.router({
    user: p.query(() => out<User | null>()),
    login: p.input(loginInput).mutation(() => out<{ user: User }>()),
    register: p.input(registerInput).mutation(() => out<{ id: string; username: string }>()),
    logout: p.mutation(() => out<{ ok: true }>()),
    testLogin: p.mutation(() => out<{ user: User }>()),
    clearSessions: p.mutation(() => out<{ ok: true }>()),
    oauthConfig: p.query(() =>
      out<{ domain: string; loginCallback: string; calendarCallback: string; googleClientId: string | null; redirectUrisNeeded: string[] }>(),
    ),
  }),
  preferences: t.router({
    get: p.query(() => out<Preferences>()),
    update: p.input(updatePreferencesInput).mutation(() => out<Preferences>()),
    saveSelectedActivities: p.input(selectedActivitiesInput).mutation(() => out<{ selectedActivities: string[] }>()),
  }),
  activities: t.router({ list: p.query(() => out<BreakActivity[]>()) }),
  calendar: t.router({
    events: p.query(() => out<CalendarEvent[]>()),
    sync: p.input(userIdParam).mutation(() => out<CalendarSyncResult>()),
  }),
  breaks: t.router({
    upcoming: p.query(() => out<BreakSession[]>()),
    refresh: p.input(userIdParam).mutation(() => out<RefreshBreaksResult>()),
    update: p.input(idParam.extend({ patch: breakSessionPatch })).mutation(() => out<BreakSession>()),
    remove: p.input(idParam).mutation(() => out<{ ok: true }>()),
  }),
});
void z;
export type AppRouter = typeof appRouter;
