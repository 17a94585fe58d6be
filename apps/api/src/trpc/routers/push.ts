import { pushDeviceRemoval, pushSubscriptionInput } from '@breaker/api-contract';
import { listPushDevices, readPushPublicKey, sendTestPush, subscribeToPush, unsubscribeFromPush } from '../../services/push.js';
import { authedProcedure, publicProcedure, router } from '../init.js';

/** The twins of the REST calls under /api/push, over the same service. */
export const pushRouter = router({
  publicKey: publicProcedure.query(({ ctx }) => readPushPublicKey(ctx.deps)),
  subscribe: authedProcedure
    .input(pushSubscriptionInput)
    .mutation(({ ctx, input }) => subscribeToPush(ctx.deps, ctx.user.id, input, ctx.req.headers['user-agent'])),
  unsubscribe: authedProcedure.input(pushDeviceRemoval).mutation(async ({ ctx, input }) => {
    await unsubscribeFromPush(ctx.deps, ctx.user.id, input);
    return { ok: true as const };
  }),
  devices: authedProcedure.query(({ ctx }) => listPushDevices(ctx.deps, ctx.user.id)),
  test: authedProcedure.mutation(({ ctx }) => sendTestPush(ctx.deps, ctx.user.id, ctx.req.ip)),
});
