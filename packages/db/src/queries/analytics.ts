import type { MeetingStatus } from '@breaker/api-contract';
import type { Db } from '../client.js';
import { visibleEvents } from './events.js';

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
  return visibleEvents(db)
    .select(['calendar_events.start_time', 'calendar_events.end_time'])
    .where('calendar_events.user_id', '=', userId)
    .where('calendar_events.blocks_time', '=', true)
    .where('calendar_events.show_as', 'in', ['busy' as const, ...(blockingStatuses as MeetingStatus[])])
    .where('calendar_events.is_all_day', '=', false)
    .where('calendar_events.start_time', '<', to)
    .where('calendar_events.end_time', '>', from)
    .orderBy('calendar_events.start_time')
    .execute();
}
