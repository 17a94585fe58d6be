import { pushEndpointInput, pushSubscriptionInput } from '@breaker/api-contract';
import { listPushDevices, pushPublicKey, sendTestPush, subscribeToPush, unsubscribeFromPush } from '../../services/push.js';
import { authedProcedure, publicProcedure, router } from '../init.js';

/** The twins of the REST calls under /api/push, over the same service. */
export const pushRouter = router({
  publicKey: publicProcedure.query(({ ctx }) => pushPublicKey(ctx.deps)),
  subscribe: authedProcedure
    .input(pushSubscriptionInput)
    .mutation(({ ctx, input }) => subscribeToPush(ctx.deps, ctx.user.id, input, ctx.req.headers['user-agent'])),
  unsubscribe: authedProcedure.input(pushEndpointInput).mutation(async ({ ctx, input }) => {
    await unsubscribeFromPush(ctx.deps, ctx.user.id, input.endpoint);
    return { ok: true as const };
  }),
  devices: authedProcedure.query(({ ctx }) => listPushDevices(ctx.deps, ctx.user.id)),
  test: authedProcedure.mutation(({ ctx }) => sendTestPush(ctx.deps, ctx.user.id)),
});
