import { collectDefaultMetrics, Registry } from 'prom-client';
import { registerJobMetrics } from './job-metrics.js';

/** A process's metrics: Node's own (memory, event loop, GC) and the job, Google and placement series. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  registerJobMetrics(registry);
  return registry;
}
