import { AppError } from '@breaker/api-contract';
import { consumePasswordResetToken, findUserByEmail, hashSecret, isWellFormedSecret, updatePasswordHash } from '@breaker/db';
import { hashPassword } from '../auth/passwords.js';
import { invalidateAllSessions } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';

export const RESET_REQUESTED_MESSAGE = 'If an account uses that email address, a reset link is on its way.';
export const RESET_LINK_INVALID_MESSAGE = 'This reset link is invalid or has expired. Please request a new password reset.';

/**
 * Answers at once and identically whether or not the address belongs to an account; the lookup happens afterwards,
 * and the token and the e-mail in a job, so neither the answer nor its timing tells which addresses exist.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, address: string): Promise<{ message: string }> {
  await deps.limits.consume('forgotPassword', address, email);
  void sendResetLink(deps, email).catch((error: unknown) => deps.log.error({ err: error }, 'password reset e-mail failed'));
  return { message: RESET_REQUESTED_MESSAGE };
}

async function sendResetLink(deps: AppDeps, email: string): Promise<void> {
  const requestedAt = deps.now().toISOString();
  const user = await findUserByEmail(deps.db, email);
  if (!user?.email) return;
  await deps.jobs.sendPasswordReset({ userId: user.id, requestedAt });
}

/** Single use and one hour long; a new password ends every session of the account. */
export async function resetPassword(deps: AppDeps, token: string, newPassword: string): Promise<{ message: string }> {
  const record = isWellFormedSecret(token) ? await consumePasswordResetToken(deps.db, hashSecret(token)) : undefined;
  if (!record || record.expiresAt.getTime() <= deps.now().getTime()) {
    throw new AppError('BAD_REQUEST', RESET_LINK_INVALID_MESSAGE);
  }
  await updatePasswordHash(deps.db, record.userId, await hashPassword(newPassword));
  await invalidateAllSessions(deps.db, record.userId);
  deps.log.info({ userId: record.userId }, 'password reset');
  return { message: 'Your password has been reset. You can sign in with it now.' };
}
