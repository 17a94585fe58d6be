import { listBreakActivities } from '../../services/activities.js';
import { publicProcedure, router } from '../init.js';

export const activitiesRouter = router({
  list: publicProcedure.query(({ ctx }) => listBreakActivities(ctx.deps)),
});
