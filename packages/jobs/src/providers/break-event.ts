import type { BreakWithActivity } from '@breaker/db';
import { createHash } from 'node:crypto';

/**
 * Deterministic per user and start time (Google ids are base32hex; hex is a subset), so a retried or repeated
 * write-back updates the same event instead of adding another, and a re-plan that keeps a time keeps its event.
 */
export function breakEventId(userId: string, start: Date): string {
  return `breaker${createHash('sha256').update(`${userId}:${start.getTime()}`).digest('hex').slice(0, 40)}`;
}

/** What a break's calendar event says, in every provider. */
export function breakEventText(scheduled: BreakWithActivity): { summary: string; description: string } {
  return {
    summary: `${scheduled.activity.name} · Breaker`,
    description: scheduled.activity.instructions.map((step, index) => `${index + 1}. ${step}`).join('\n'),
  };
}
