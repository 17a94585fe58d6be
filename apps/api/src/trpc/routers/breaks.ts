import {
  addBreakInput,
  breakSessionPatch,
  changeBreakActivityInput,
  idParam,
  rescheduleBreakInput,
  userIdParam,
} from '@breaker/api-contract';
import {
  addBreak,
  breakActivityOptions,
  changeBreakActivity,
  moveBreakLater,
  proposeBreakSlots,
  rescheduleBreak,
} from '../../services/break-actions.js';
import { listUpcomingBreaks, recordBreakOutcome, refreshBreaks, removeBreak } from '../../services/breaks.js';
import { authedProcedure, router } from '../init.js';

export const breaksRouter = router({
  upcoming: authedProcedure
    .meta({ readsUpcomingBreaks: true, answersFromPlan: true })
    .query(({ ctx }) => listUpcomingBreaks(ctx.deps, ctx.user.id, ctx.req.upcomingBreaks)),
  refresh: authedProcedure.input(userIdParam).mutation(({ ctx, input }) => refreshBreaks(ctx.deps, ctx.user.id, input.userId)),
  update: authedProcedure
    .input(idParam.extend({ patch: breakSessionPatch }))
    .mutation(({ ctx, input }) => recordBreakOutcome(ctx.deps, ctx.user.id, input.id, input.patch)),
  remove: authedProcedure.input(idParam).mutation(({ ctx, input }) => removeBreak(ctx.deps, ctx.user.id, input.id)),
  slots: authedProcedure.input(idParam).query(({ ctx, input }) => proposeBreakSlots(ctx.deps, ctx.user.id, input.id)),
  reschedule: authedProcedure
    .input(rescheduleBreakInput)
    .mutation(({ ctx, input }) => rescheduleBreak(ctx.deps, ctx.user.id, input.id, input.scheduledTime)),
  activityOptions: authedProcedure
    .input(idParam)
    .query(({ ctx, input }) => breakActivityOptions(ctx.deps, ctx.user.id, input.id)),
  changeActivity: authedProcedure
    .input(changeBreakActivityInput)
    .mutation(({ ctx, input }) => changeBreakActivity(ctx.deps, ctx.user.id, input.id, input.activityId)),
  later: authedProcedure.input(idParam).mutation(({ ctx, input }) => moveBreakLater(ctx.deps, ctx.user.id, input.id)),
  add: authedProcedure.input(addBreakInput).mutation(({ ctx, input }) => addBreak(ctx.deps, ctx.user.id, input.from)),
});
