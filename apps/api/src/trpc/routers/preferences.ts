import { adoptTimeZoneInput, selectedActivitiesInput, updatePreferencesInput } from '@breaker/api-contract';
import { adoptTimeZone, getPreferences, savePreferences, saveSelectedActivities } from '../../services/preferences.js';
import { authedProcedure, router } from '../init.js';

export const preferencesRouter = router({
  get: authedProcedure.query(({ ctx }) => getPreferences(ctx.deps, ctx.user.id)),
  update: authedProcedure
    .input(updatePreferencesInput)
    .mutation(({ ctx, input }) => savePreferences(ctx.deps, ctx.user.id, input.preferences)),
  adoptTimeZone: authedProcedure
    .input(adoptTimeZoneInput)
    .mutation(({ ctx, input }) => adoptTimeZone(ctx.deps, ctx.user.id, input.timezone)),
  saveSelectedActivities: authedProcedure
    .input(selectedActivitiesInput)
    .mutation(({ ctx, input }) => saveSelectedActivities(ctx.deps, ctx.user.id, input)),
});
