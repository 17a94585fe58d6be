import { breakSessionPatch, idParam, userIdParam } from '@breaker/api-contract';
import { listUpcomingBreaks, recordBreakOutcome, refreshBreaks, removeBreak } from '../../services/breaks.js';
import { authedProcedure, router } from '../init.js';

export const breaksRouter = router({
  upcoming: authedProcedure.query(({ ctx }) => listUpcomingBreaks(ctx.deps, ctx.user.id)),
  refresh: authedProcedure.input(userIdParam).mutation(({ ctx, input }) => refreshBreaks(ctx.deps, ctx.user.id, input.userId)),
  update: authedProcedure
    .input(idParam.extend({ patch: breakSessionPatch }))
    .mutation(({ ctx, input }) => recordBreakOutcome(ctx.deps, ctx.user.id, input.id, input.patch)),
  remove: authedProcedure.input(idParam).mutation(({ ctx, input }) => removeBreak(ctx.deps, ctx.user.id, input.id)),
});
