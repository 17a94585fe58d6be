import { z } from 'zod';
import { instant } from './instant.js';
import { text } from './text.js';

export const breakSessionPatch = z.union(
  [z.object({ completedAt: instant('completedAt') }).strict(), z.object({ skipped: z.literal(true) }).strict()],
  { error: 'Send either completedAt (an ISO time) or skipped: true' },
);
export type BreakSessionPatch = z.infer<typeof breakSessionPatch>;

export const idParam = z.object({ id: z.uuid('That id is not valid') });
export const userIdParam = z.object({ userId: z.uuid('That user id is not valid') });

export interface RefreshBreaksResult {
  totalScheduled: number;
  breaks: { id: string; scheduledTime: string; duration: number; activityId: string }[];
  shortfalls: { date: string; asked: number; placed: number; reason: string }[];
}

export interface CalendarSyncResult {
  needsConnection?: boolean;
  needsReconnection?: boolean;
  running?: boolean;
  eventsChanged?: number;
  message: string;
}

export const icsFeedInput = z.object({
  url: text({ min: 1, max: 2048, required: 'Enter the address of your calendar feed', tooLong: 'That feed address is too long' }),
});
export type IcsFeedInput = z.infer<typeof icsFeedInput>;

export const rescheduleBreakInput = idParam.extend({ scheduledTime: instant('scheduledTime') });
export type RescheduleBreakInput = z.infer<typeof rescheduleBreakInput>;

export const changeBreakActivityInput = idParam.extend({
  activityId: text({ min: 1, max: 100, required: 'Choose an activity', tooLong: 'That activity id is too long' }),
});
export type ChangeBreakActivityInput = z.infer<typeof changeBreakActivityInput>;

/** An empty hour of the calendar: the break goes at the first moment of it the rules allow. */
export const addBreakInput = z.object({ from: instant('from') }).strict();
export type AddBreakInput = z.infer<typeof addBreakInput>;

/** A free slot the engine proposes for moving a break. */
export interface BreakSlot {
  scheduledTime: string;
}

/** An activity a break can change to. */
export interface BreakActivityOption {
  id: string;
  name: string;
  type: string;
  duration: number;
  /** In the user's library (or of their preferred types), as opposed to merely allowed by their equipment. */
  preferred: boolean;
}

/** What the header's sync indicator shows; 'syncing' is the web app's own while its sync call runs. */
export interface CalendarStatus {
  state: 'not-connected' | 'synced' | 'needs-reconnection';
  provider: 'google' | 'ics' | null;
  lastSyncedAt: string | null;
}
