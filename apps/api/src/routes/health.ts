import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

const READY_TIMEOUT_MS = 1500;

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/health', async () => ({ status: 'ok' }));

  app.get('/api/ready', async (_request, reply) => {
    const checks = await Promise.allSettled([
      withTimeout(deps.database.ping(), 'database'),
      withTimeout(deps.jobs.ping(), 'queue'),
    ]);
    const failed = checks.flatMap((check) => (check.status === 'rejected' ? [String((check.reason as Error).message)] : []));
    if (failed.length > 0) {
      return reply.code(503).send({ status: 'unavailable', message: `Not ready: ${failed.join(', ')}` });
    }
    return { status: 'ready', database: deps.database.kind, jobs: deps.jobs.mode };
  });
}

async function withTimeout(check: Promise<void>, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([check.catch(() => Promise.reject(new Error(`${name} is unreachable`))), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
