import { icsFeedInput, userIdParam } from '@breaker/api-contract';
import { listCalendarEvents, syncCalendar } from '../../services/calendar.js';
import { calendarStatus } from '../../services/calendar-status.js';
import { connectIcsFeed, disconnectIcsFeed } from '../../services/ics-feed.js';
import { disconnectMicrosoftCalendar } from '../../services/microsoft-calendar-connect.js';
import { authedProcedure, router } from '../init.js';

export const calendarRouter = router({
  events: authedProcedure.query(({ ctx }) => listCalendarEvents(ctx.deps, ctx.user.id)),
  status: authedProcedure.query(({ ctx }) => calendarStatus(ctx.deps, ctx.user.id)),
  connectFeed: authedProcedure.input(icsFeedInput).mutation(({ ctx, input }) => connectIcsFeed(ctx.deps, ctx.user.id, input.url)),
  disconnectFeed: authedProcedure.mutation(({ ctx }) => disconnectIcsFeed(ctx.deps, ctx.user.id)),
  disconnectMicrosoft: authedProcedure.mutation(({ ctx }) => disconnectMicrosoftCalendar(ctx.deps, ctx.user.id)),
  sync: authedProcedure.input(userIdParam).mutation(({ ctx, input }) => syncCalendar(ctx.deps, ctx.user.id, input.userId)),
});
