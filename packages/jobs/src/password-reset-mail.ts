import { RESET_LINK_LIFETIME_MS, type PasswordResetMailPayload } from '@breaker/api-contract';
import { findUserById, generateSecret, hashSecret, replacePasswordResetToken } from '@breaker/db';
import type { Mailer } from './mail/mailer.js';
import type { JobDeps } from './job-deps.js';

/** The reset e-mail needs, beyond any job's deps, a way to send mail and the origin its link points at. */
export interface MailJobDeps extends JobDeps {
  mailer: Mailer;
  appUrl: URL;
}

/**
 * Makes the link's token here, stores only its hash (voiding any older link of the user) and mails the link, so the
 * token exists nowhere but in this run and in the e-mail. The link lasts an hour from the request: a job that runs
 * later than that (its worker was down) sends nothing. A retry after a failed send makes a new token, voiding the one
 * that may not have arrived.
 */
export async function runPasswordResetMail(deps: MailJobDeps, payload: PasswordResetMailPayload): Promise<{ sent: boolean }> {
  const expiresAt = new Date(Date.parse(payload.requestedAt) + RESET_LINK_LIFETIME_MS);
  if (expiresAt.getTime() <= deps.now().getTime()) {
    deps.log.warn({ userId: payload.userId }, 'password reset e-mail not sent: the request is older than the link would last');
    return { sent: false };
  }
  const user = await findUserById(deps.db, payload.userId);
  if (!user?.email) return { sent: false };
  const token = generateSecret();
  await replacePasswordResetToken(deps.db, user.id, hashSecret(token), expiresAt);
  const link = new URL('/reset-password', deps.appUrl);
  link.searchParams.set('token', token);
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Breaker password',
    text: [
      `Hello ${user.first_name ?? user.username},`,
      '',
      'Someone asked to reset the password of your Breaker account. To choose a new one, open this link within the hour:',
      '',
      link.toString(),
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
  deps.log.info({ userId: user.id }, 'password reset link sent');
  return { sent: true };
}
