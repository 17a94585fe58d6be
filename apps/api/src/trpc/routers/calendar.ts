import { caldavCalendarsInput, caldavInput, icsFeedInput, userIdParam } from '@breaker/api-contract';
import { listCalendarEvents, syncCalendar } from '../../services/calendar.js';
import { breaksFeedStatus, createBreaksFeed, revokeBreaksFeed } from '../../services/breaks-feed.js';
import { calendarStatus } from '../../services/calendar-status.js';
import { chooseCalendars, connectCalDavAccount, listCalDavCalendars } from '../../services/caldav.js';
import { disconnectUserCalendar } from '../../services/calendar-disconnect.js';
import { connectIcsFeed } from '../../services/ics-feed.js';
import { authedProcedure, router } from '../init.js';

export const calendarRouter = router({
  events: authedProcedure.meta({ answersFromPlan: true }).query(({ ctx }) => listCalendarEvents(ctx.deps, ctx.user.id)),
  status: authedProcedure.query(({ ctx }) => calendarStatus(ctx.deps, ctx.user.id)),
  connectFeed: authedProcedure.input(icsFeedInput).mutation(({ ctx, input }) => connectIcsFeed(ctx.deps, ctx.user.id, input.url)),
  disconnectFeed: authedProcedure.mutation(({ ctx }) => disconnectUserCalendar(ctx.deps, ctx.user.id, 'ics')),
  breaksFeed: authedProcedure.query(({ ctx }) => breaksFeedStatus(ctx.deps, ctx.user.id)),
  createBreaksFeed: authedProcedure.mutation(({ ctx }) => createBreaksFeed(ctx.deps, ctx.user.id)),
  revokeBreaksFeed: authedProcedure.mutation(({ ctx }) => revokeBreaksFeed(ctx.deps, ctx.user.id)),
  connectCalDav: authedProcedure
    .input(caldavInput)
    .mutation(({ ctx, input }) => connectCalDavAccount(ctx.deps, ctx.user.id, input)),
  disconnectCalDav: authedProcedure.mutation(({ ctx }) => disconnectUserCalendar(ctx.deps, ctx.user.id, 'caldav')),
  caldavCalendars: authedProcedure.query(({ ctx }) => listCalDavCalendars(ctx.deps, ctx.user.id)),
  chooseCalDavCalendars: authedProcedure
    .input(caldavCalendarsInput)
    .mutation(({ ctx, input }) => chooseCalendars(ctx.deps, ctx.user.id, input.calendars)),
  disconnectMicrosoft: authedProcedure.mutation(({ ctx }) => disconnectUserCalendar(ctx.deps, ctx.user.id, 'microsoft')),
  disconnectGoogle: authedProcedure.mutation(({ ctx }) => disconnectUserCalendar(ctx.deps, ctx.user.id, 'google')),
  sync: authedProcedure.input(userIdParam).mutation(({ ctx, input }) => syncCalendar(ctx.deps, ctx.user.id, input.userId)),
});
