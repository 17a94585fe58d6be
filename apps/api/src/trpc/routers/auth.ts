import { emergencyLoginInput, forgotPasswordInput, loginInput, registerInput, resetPasswordInput } from '@breaker/api-contract';
import { signOut } from '../../auth/request-session.js';
import { loadUser, register } from '../../services/accounts.js';
import { oauthConfig } from '../../services/oauth-config.js';
import { requestPasswordReset, resetPassword } from '../../services/password-reset.js';
import { signInAsTestUser, signInByEmail, signInForTestMode, signInWithPassword } from '../../services/sign-in.js';
import { publicProcedure, router } from '../init.js';

const accountProcedures = {
  user: publicProcedure.query(({ ctx }) => (ctx.req.session ? loadUser(ctx.deps.db, ctx.req.session.user) : null)),
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => signInWithPassword(ctx.deps, ctx.req, ctx.res, input)),
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => register(ctx.deps, input, ctx.req.ip)),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.deps, ctx.req, ctx.res);
    return { ok: true as const };
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
    /** The single-sign-on button's label (OIDC_NAME); null without a provider. */
    oidcSignIn: ctx.deps.config.oidc?.name ?? null,
    registration: ctx.deps.config.allowRegistration,
    microsoftSignIn: ctx.deps.config.microsoft !== undefined,
    devLogin: ctx.deps.config.allowDevLogin,
  })),
};

/** The development sign-ins and the OAuth diagnostics: served only with ALLOW_DEV_LOGIN (see ../router.ts). */
export const developmentProcedures = {
  testLogin: publicProcedure.mutation(({ ctx }) => signInAsTestUser(ctx.deps, ctx.req, ctx.res)),
  automatedTestLogin: publicProcedure.mutation(({ ctx }) => signInForTestMode(ctx.deps, ctx.req, ctx.res)),
  emergencyLogin: publicProcedure
    .input(emergencyLoginInput)
    .mutation(({ ctx, input }) => signInByEmail(ctx.deps, ctx.req, ctx.res, input.email)),
  oauthConfig: publicProcedure.query(({ ctx }) => oauthConfig(ctx.deps)),
};

export const authRouter = router({ ...accountProcedures, ...developmentProcedures });
export const authRouterWithoutDevelopment = router(accountProcedures);
