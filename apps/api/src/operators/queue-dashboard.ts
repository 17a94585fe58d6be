import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';

export const DASHBOARD_PATH = '/admin/queues';

const NO_QUEUE_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Breaker jobs</title></head>
<body>
<h1>No job queue</h1>
<p>REDIS_URL is not set, so there is no queue to show: jobs run inside the API process as requests arrive.</p>
<p>Set REDIS_URL (and DATABASE_URL) and start the worker to get queues, retries and this dashboard.</p>
</body>
</html>
`;

/**
 * bull-board over every queue, with retry and clean. Its page is a fixed template that loads its own
 * scripts and styles from this origin, so its routes keep the app's self-only CSP without per-request nonces.
 */
export async function registerQueueDashboard(scope: FastifyInstance, queues: readonly Queue[] | undefined): Promise<void> {
  if (!queues) {
    scope.get(DASHBOARD_PATH, async (_request, reply) =>
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NO_QUEUE_PAGE),
    );
    return;
  }
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, helmet: { enableCSPNonces: false } } as typeof route.config;
  });
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Breaker jobs' } },
  });
  await scope.register(serverAdapter.registerPlugin(), { prefix: DASHBOARD_PATH });
}
