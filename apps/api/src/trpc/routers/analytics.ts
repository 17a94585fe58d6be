import { loadAnalytics } from '../../services/analytics.js';
import { authedProcedure, router } from '../init.js';

export const analyticsRouter = router({
  summary: authedProcedure.query(({ ctx }) => loadAnalytics(ctx.deps, ctx.user.id)),
});
