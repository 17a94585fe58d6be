/**
 * How a meeting shows the user's time, in every provider's terms read as one (Microsoft's `showAs`, Google's
 * transparency, response and event type, iCalendar's TRANSP, STATUS, PARTSTAT and X-MICROSOFT-CDO-BUSYSTATUS).
 * Busy always blocks breaks and free never does; the user chooses which of the others do.
 */
export const MEETING_STATUSES = ['busy', 'tentative', 'outOfOffice', 'workingElsewhere', 'free'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** The statuses the user's "Meetings that block breaks" setting chooses among, in the order Settings shows them. */
export const CHOOSABLE_BLOCKING_STATUSES = ['tentative', 'outOfOffice', 'workingElsewhere'] as const;
export type ChoosableBlockingStatus = (typeof CHOOSABLE_BLOCKING_STATUSES)[number];

/** Whether a meeting of this status blocks breaks under the user's setting. */
export function statusBlocks(status: MeetingStatus, blockingStatuses: readonly string[]): boolean {
  if (status === 'busy') return true;
  if (status === 'free') return false;
  return blockingStatuses.includes(status);
}
