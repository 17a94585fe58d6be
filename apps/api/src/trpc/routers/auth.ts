import { emergencyLoginInput, forgotPasswordInput, loginInput, registerInput, resetPasswordInput } from '@breaker/api-contract';
import { signIn, signOut } from '../../auth/request-session.js';
import { authenticate, loadUser, register } from '../../services/accounts.js';
import { findOrCreateTestUser, findOrCreateUserByEmail } from '../../services/dev-logins.js';
import { oauthConfig } from '../../services/oauth-config.js';
import { requestPasswordReset, resetPassword } from '../../services/password-reset.js';
import { publicProcedure, router } from '../init.js';

export const authRouter = router({
  user: publicProcedure.query(({ ctx }) => (ctx.req.session ? loadUser(ctx.deps.db, ctx.req.session.user) : null)),
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await authenticate(ctx.deps, input, ctx.req.ip);
    await signIn(ctx.deps, ctx.req, ctx.res, user.id);
    return { user: await loadUser(ctx.deps.db, user) };
  }),
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => register(ctx.deps, input, ctx.req.ip)),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.deps, ctx.req, ctx.res);
    return { ok: true as const };
  }),
  testLogin: publicProcedure.mutation(async ({ ctx }) => {
    const user = await findOrCreateTestUser(ctx.deps);
    await signIn(ctx.deps, ctx.req, ctx.res, user.id);
    return { user: await loadUser(ctx.deps.db, user) };
  }),
  automatedTestLogin: publicProcedure.mutation(async ({ ctx }) => {
    const user = await findOrCreateTestUser(ctx.deps);
    await signIn(ctx.deps, ctx.req, ctx.res, user.id);
    return { userId: user.id };
  }),
  emergencyLogin: publicProcedure.input(emergencyLoginInput).mutation(async ({ ctx, input }) => {
    const user = await findOrCreateUserByEmail(ctx.deps, input.email, ctx.req.ip);
    await signIn(ctx.deps, ctx.req, ctx.res, user.id);
    return { user: await loadUser(ctx.deps.db, user) };
  }),
  clearSessions: publicProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.deps, ctx.req, ctx.res);
    return { ok: true as const };
  }),
  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input.email, ctx.req.ip)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, input.token, input.newPassword)),
  /** What this server offers at sign-in, so the screens never show a dead button. */
  capabilities: publicProcedure.query(({ ctx }) => ({
    googleSignIn: ctx.deps.config.google !== undefined,
    devLogin: ctx.deps.config.allowDevLogin,
  })),
  oauthConfig: publicProcedure.query(({ ctx }) => oauthConfig(ctx.deps)),
});
