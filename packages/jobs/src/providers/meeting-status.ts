import type { MeetingStatus } from '@breaker/api-contract';

/**
 * Whether a meeting the user has not declined, of this status, may block breaks at all (the user's setting then says
 * which statuses do): a free one never; an all-day one only when busy or away, since all-day entries are mostly
 * markers (a holiday, "working from home", a tentative trip) that leave the day's hours open.
 */
export function mayBlock(showAs: MeetingStatus, isAllDay: boolean): boolean {
  if (showAs === 'free') return false;
  return !isAllDay || showAs === 'busy' || showAs === 'outOfOffice';
}
