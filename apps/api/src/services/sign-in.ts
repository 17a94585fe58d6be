import type { LoginInput, User } from '@breaker/api-contract';
import type { UserRow } from '@breaker/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signIn } from '../auth/request-session.js';
import type { AppDeps } from '../deps.js';
import { authenticate, loadUser } from './accounts.js';
import { findOrCreateTestUser, findOrCreateUserByEmail } from './dev-logins.js';

/** Every way of signing in ends the same: a fresh session cookie and the signed-in user. */
async function startSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  options: { development?: boolean } = {},
): Promise<{ user: User }> {
  await signIn(deps, request, reply, user.id, options);
  return { user: await loadUser(deps.db, user) };
}

export async function signInWithPassword(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, input: LoginInput) {
  return startSession(deps, request, reply, await authenticate(deps, input, request.ip));
}

export async function signInAsTestUser(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  return startSession(deps, request, reply, await findOrCreateTestUser(deps), { development: true });
}

export async function signInByEmail(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, email: string) {
  return startSession(deps, request, reply, await findOrCreateUserByEmail(deps, email, request.ip), { development: true });
}

/** Test mode's automatic sign-in answers with the user id only (spec §5). */
export async function signInForTestMode(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ userId: string }> {
  const { user } = await signInAsTestUser(deps, request, reply);
  return { userId: user.id };
}
