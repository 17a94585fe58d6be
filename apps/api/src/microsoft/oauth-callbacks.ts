import { AppError } from '@breaker/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { finishProviderSignIn, oauthDeclined, oauthFailureReason } from '../auth/oauth-clients.js';
import type { AppDeps } from '../deps.js';
import { connectCalendarOnMicrosoftSignIn, connectMicrosoftCalendar } from '../services/microsoft-calendar-connect.js';
import { MICROSOFT_EMAIL_IN_USE, signInWithMicrosoft } from '../services/microsoft-sign-in.js';
import { verifyMicrosoftIdToken } from './id-token.js';
import { issueNonce, takeNonce, withNonce } from './nonce-cookie.js';

/**
 * The browser legs of Microsoft sign-in and calendar connection. They end on the same pages, with the same `success`
 * and `error` query parameters, as Google's.
 */

const MICROSOFT_SIGN_IN = { provider: 'Microsoft', emailInUse: MICROSOFT_EMAIL_IN_USE, failed: 'microsoft_failed' };

interface Leg {
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
}

export async function startMicrosoftSignIn({ deps, request, reply }: Leg): Promise<unknown> {
  const microsoft = request.server.microsoftSignIn;
  if (!microsoft) return reply.redirect('/login?error=microsoft_not_configured', 303);
  const uri = await microsoft.generateAuthorizationUri(request, reply);
  return reply.redirect(withNonce(uri, issueNonce(deps, reply)), 303);
}

export async function finishMicrosoftSignIn({ deps, request, reply }: Leg): Promise<unknown> {
  const microsoft = request.server.microsoftSignIn;
  if (!microsoft || !deps.config.microsoft) return reply.redirect('/login?error=microsoft_not_configured', 303);
  const nonce = takeNonce(request, reply);
  if (oauthDeclined(request)) return reply.redirect('/login?error=microsoft_failed', 303);
  const config = deps.config.microsoft;
  return finishProviderSignIn(MICROSOFT_SIGN_IN, { deps, request, reply }, async () => {
    const { token } = await microsoft.getAccessTokenFromAuthorizationCodeFlow(request, reply);
    const identity = await verifyMicrosoftIdToken(config, token.id_token, nonce);
    const user = await signInWithMicrosoft(deps, identity);
    await connectCalendarOnMicrosoftSignIn(deps, user, identity, token);
    return user;
  });
}

export async function startMicrosoftCalendarConnection({ deps, request, reply }: Leg): Promise<unknown> {
  if (!request.session) return reply.redirect('/calendar?error=session_lost', 303);
  const microsoft = request.server.microsoftCalendar;
  if (!microsoft) return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
  const uri = await microsoft.generateAuthorizationUri(request, reply);
  return reply.redirect(withNonce(uri, issueNonce(deps, reply)), 303);
}

export async function finishMicrosoftCalendarConnection({ deps, request, reply }: Leg): Promise<unknown> {
  if (!request.session) return reply.redirect('/calendar?error=session_lost', 303);
  const microsoft = request.server.microsoftCalendar;
  const nonce = takeNonce(request, reply);
  if (oauthDeclined(request)) return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
  try {
    if (!microsoft || !deps.config.microsoft) throw new AppError('UNAVAILABLE', 'Microsoft is not configured');
    const { token } = await microsoft.getAccessTokenFromAuthorizationCodeFlow(request, reply);
    const identity = await verifyMicrosoftIdToken(deps.config.microsoft, token.id_token, nonce);
    await connectMicrosoftCalendar(deps, request.session.user.id, identity, token);
    return reply.redirect('/calendar?success=calendar_connected', 303);
  } catch (error) {
    request.log.warn({ reason: oauthFailureReason(error) }, 'Microsoft calendar connection failed');
    return reply.redirect('/calendar?error=calendar_oauth_failed', 303);
  }
}
