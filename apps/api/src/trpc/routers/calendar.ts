import { userIdParam } from '@breaker/api-contract';
import { listCalendarEvents, syncCalendar } from '../../services/calendar.js';
import { authedProcedure, router } from '../init.js';

export const calendarRouter = router({
  events: authedProcedure.query(({ ctx }) => listCalendarEvents(ctx.deps, ctx.user.id)),
  sync: authedProcedure.input(userIdParam).mutation(({ ctx, input }) => syncCalendar(ctx.deps, ctx.user.id, input.userId)),
});
