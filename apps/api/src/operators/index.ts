import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { createApiMetrics } from './api-metrics.js';
import { operatorGuard } from './operator-guard.js';
import { registerQueueDashboard } from './queue-dashboard.js';

/**
 * The operators' pages: the job dashboard at /admin/queues and Prometheus metrics at /metrics.
 * Without OPERATOR_TOKEN neither exists (they answer 404 like any unknown path).
 */
export async function registerOperatorPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const token = deps.config.operatorToken;
  if (!token) return;
  const registry = createApiMetrics(app, deps.queues, deps.log);
  await app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(token, deps.config.appUrl.origin));
    scope.get('/metrics', async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics()),
    );
    await scope.register(async (dashboard) => registerQueueDashboard(dashboard, deps.queues));
  });
}
