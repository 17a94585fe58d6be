import { Counter } from 'prom-client';

export const PUSH_OUTCOMES = ['sent', 'gone', 'retried', 'dropped', 'failed'] as const;
export type PushMetricOutcome = (typeof PUSH_OUTCOMES)[number];

/**
 * Pushes by outcome: sent, gone (404/410, the subscription removed), retried (429/5xx/no answer, tried again),
 * dropped (still failing when the break ended) and failed (refused for good).
 */
export const pushDeliveries = new Counter({
  name: 'breaker_push_deliveries_total',
  help: 'Web Push deliveries by kind (break-reminder, test) and outcome (sent, gone, retried, dropped, failed)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [],
});

export function recordPush(kind: 'break-reminder' | 'test', outcome: PushMetricOutcome): void {
  pushDeliveries.inc({ kind, outcome });
}
