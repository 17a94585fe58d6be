import { createMetricsRegistry } from '@breaker/jobs/metrics';
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Gauge, Histogram, type Registry } from 'prom-client';

const QUEUE_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;

/**
 * The API's metrics: request latency by route pattern (never the raw URL, which would carry ids),
 * the job series the in-process job functions record, and queue depths read from Redis at scrape time.
 */
export function createApiMetrics(app: FastifyInstance, queues: readonly Queue[] | undefined, log: FastifyBaseLogger): Registry {
  const registry = createMetricsRegistry('api');
  const requestDuration = new Histogram({
    name: 'breaker_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { route: request.routeOptions.url ?? '(unmatched)', method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  if (queues) {
    new Gauge({
      name: 'breaker_queue_jobs',
      help: 'Jobs per queue and state (waiting, active, failed, delayed), read from Redis at scrape time',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const counts = await Promise.all(queues.map((queue) => queue.getJobCounts(...QUEUE_STATES)));
          queues.forEach((queue, index) => {
            for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[index]?.[state] ?? 0);
          });
        } catch (error) {
          // Redis being down shows as missing series (and /api/ready failing), not as a failed scrape.
          log.warn({ err: error }, 'queue depths could not be read');
        }
      },
    });
  }
  return registry;
}
