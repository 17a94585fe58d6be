import { caldavCalendarsInput, caldavInput, icsFeedInput, userIdParam } from '@breaker/api-contract';
import { listCalendarEvents, syncCalendar } from '../../services/calendar.js';
import { breaksFeedStatus, createBreaksFeed, revokeBreaksFeed } from '../../services/breaks-feed.js';
import { calendarStatus } from '../../services/calendar-status.js';
import { chooseCalendars, connectCalDavAccount, disconnectCalDavAccount, listCalDavCalendars } from '../../services/caldav.js';
import { connectIcsFeed, disconnectIcsFeed } from '../../services/ics-feed.js';
import { disconnectMicrosoftCalendar } from '../../services/microsoft-calendar-connect.js';
import { authedProcedure, router } from '../init.js';

export const calendarRouter = router({
  events: authedProcedure.meta({ answersFromPlan: true }).query(({ ctx }) => listCalendarEvents(ctx.deps, ctx.user.id)),
  status: authedProcedure.query(({ ctx }) => calendarStatus(ctx.deps, ctx.user.id)),
  connectFeed: authedProcedure.input(icsFeedInput).mutation(({ ctx, input }) => connectIcsFeed(ctx.deps, ctx.user.id, input.url)),
  disconnectFeed: authedProcedure.mutation(({ ctx }) => disconnectIcsFeed(ctx.deps, ctx.user.id)),
  breaksFeed: authedProcedure.query(({ ctx }) => breaksFeedStatus(ctx.deps, ctx.user.id)),
  createBreaksFeed: authedProcedure.mutation(({ ctx }) => createBreaksFeed(ctx.deps, ctx.user.id)),
  revokeBreaksFeed: authedProcedure.mutation(({ ctx }) => revokeBreaksFeed(ctx.deps, ctx.user.id)),
  connectCalDav: authedProcedure
    .input(caldavInput)
    .mutation(({ ctx, input }) => connectCalDavAccount(ctx.deps, ctx.user.id, input)),
  disconnectCalDav: authedProcedure.mutation(({ ctx }) => disconnectCalDavAccount(ctx.deps, ctx.user.id)),
  caldavCalendars: authedProcedure.query(({ ctx }) => listCalDavCalendars(ctx.deps, ctx.user.id)),
  chooseCalDavCalendars: authedProcedure
    .input(caldavCalendarsInput)
    .mutation(({ ctx, input }) => chooseCalendars(ctx.deps, ctx.user.id, input.calendars)),
  disconnectMicrosoft: authedProcedure.mutation(({ ctx }) => disconnectMicrosoftCalendar(ctx.deps, ctx.user.id)),
  sync: authedProcedure.input(userIdParam).mutation(({ ctx, input }) => syncCalendar(ctx.deps, ctx.user.id, input.userId)),
});
