import { hasOperatorAccess, OPERATOR_CHALLENGE } from '@breaker/jobs/metrics';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const OPERATOR_MESSAGES = {
  unauthorised: 'The operator token is missing or wrong',
  foreignOrigin: 'Operator actions must come from the dashboard itself',
} as const;

/**
 * Lets a request through only with the operator token (Bearer, or Basic with the token as password).
 * A user's session cookie counts for nothing here. Browsers replay Basic credentials on their own,
 * so a state-changing call must also come from this very origin.
 */
export function operatorGuard(token: string, appOrigin: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasOperatorAccess(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', OPERATOR_CHALLENGE).send({ message: OPERATOR_MESSAGES.unauthorised });
    }
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const host = request.headers.host;
    const sameOrigin =
      origin === appOrigin || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
    if (!sameOrigin) return reply.code(403).send({ message: OPERATOR_MESSAGES.foreignOrigin });
  };
}
