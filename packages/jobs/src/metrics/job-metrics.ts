import type { QueueName, RefreshBreaksResult } from '@breaker/api-contract';
import { Counter, Histogram, type Metric, type Registry } from 'prom-client';
import { pushDeliveries } from './push-metrics.js';

/**
 * One set per process: the job functions record into these wherever they run (the worker, or the API
 * without Redis), and each process registers them into the registry its `/metrics` serves.
 */
const jobDuration = new Histogram({
  name: 'breaker_job_duration_seconds',
  help: 'How long each job took, by queue and outcome (completed or failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [],
});

const jobFailures = new Counter({
  name: 'breaker_job_failures_total',
  help: 'Job attempts that threw, by queue (BullMQ retries them up to its attempt limit)',
  labelNames: ['queue'] as const,
  registers: [],
});

export const PROVIDER_CALL_OUTCOMES = ['ok', 'retry', 'rate-limited', 'error', 'timeout'] as const;
export type ProviderCallOutcome = (typeof PROVIDER_CALL_OUTCOMES)[number];

const providerCalls = new Counter({
  name: 'breaker_provider_api_calls_total',
  help: 'Calendar provider requests (Google, Microsoft Graph) by provider and outcome: ok, retry (server error, retried), rate-limited, timeout, error (final)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [],
});

const placementShortfall = new Counter({
  name: 'breaker_placement_shortfall_breaks_total',
  help: 'Breaks a placement run was asked for but could not place, summed over its days',
  registers: [],
});

const placementRuns = new Counter({
  name: 'breaker_placement_runs_total',
  help: 'Placement runs completed, to read the shortfall against',
  registers: [],
});

export function registerJobMetrics(registry: Registry): void {
  const metrics: Metric[] = [jobDuration, jobFailures, providerCalls, placementShortfall, placementRuns, pushDeliveries];
  for (const metric of metrics) registry.registerMetric(metric);
}

/** Wraps a job function so every run is timed and every failure counted under its queue. */
export function timedJob<A extends unknown[], R>(queue: QueueName, job: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const stop = jobDuration.startTimer({ queue });
    try {
      const result = await job(...args);
      stop({ outcome: 'completed' });
      return result;
    } catch (error) {
      stop({ outcome: 'failed' });
      jobFailures.inc({ queue });
      throw error;
    }
  };
}

export function recordProviderCall(provider: string, outcome: ProviderCallOutcome): void {
  providerCalls.inc({ provider, outcome });
}

export function recordPlacement(shortfalls: RefreshBreaksResult['shortfalls']): void {
  placementRuns.inc();
  const missing = shortfalls.reduce((sum, day) => sum + Math.max(0, day.asked - day.placed), 0);
  if (missing > 0) placementShortfall.inc(missing);
}
