import type { MeetingStatus } from '@breaker/api-contract';
import type { Db } from '../client.js';

export interface BreakOutcomeRow {
  id: string;
  scheduled_time: Date;
  duration: number;
  completed_at: Date | null;
  skipped: boolean;
  activity_name: string;
  activity_type: string;
}

/** Breaks scheduled in [from, to), any status, with their activity's name and type, earliest first. */
export function listBreakOutcomesBetween(db: Db, userId: string, from: Date, to: Date): Promise<BreakOutcomeRow[]> {
  return db
    .selectFrom('break_sessions as b')
    .innerJoin('break_activities as a', 'a.id', 'b.activity_id')
    .select([
      'b.id',
      'b.scheduled_time',
      'b.duration',
      'b.completed_at',
      'b.skipped',
      'a.name as activity_name',
      'a.type as activity_type',
    ])
    .where('b.user_id', '=', userId)
    .where('b.scheduled_time', '>=', from)
    .where('b.scheduled_time', '<', to)
    .orderBy('b.scheduled_time')
    .execute();
}

export interface BusySpanRow {
  start_time: Date;
  end_time: Date;
}

/**
 * Timed meetings that block time and overlap [from, to): the user's meeting load. Busy ones always count; of the
 * others, those of `blockingStatuses` (the user's "Meetings that block breaks" setting).
 */
export function listBusySpansBetween(
  db: Db,
  userId: string,
  from: Date,
  to: Date,
  blockingStatuses: readonly string[],
): Promise<BusySpanRow[]> {
  return db
    .selectFrom('calendar_events')
    .select(['start_time', 'end_time'])
    .where('user_id', '=', userId)
    .where('blocks_time', '=', true)
    .where('show_as', 'in', ['busy' as const, ...(blockingStatuses as MeetingStatus[])])
    .where('is_all_day', '=', false)
    .where('start_time', '<', to)
    .where('end_time', '>', from)
    .orderBy('start_time')
    .execute();
}
