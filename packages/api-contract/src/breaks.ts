import { z } from 'zod';
import type { CalendarProvider } from './entities.js';
import { instant } from './instant.js';
import { text } from './text.js';

export const breakSessionPatch = z.union(
  [z.object({ completedAt: instant('completedAt') }).strict(), z.object({ skipped: z.literal(true) }).strict()],
  { error: 'Send either completedAt (an ISO time) or skipped: true' },
);
export type BreakSessionPatch = z.infer<typeof breakSessionPatch>;

export const idParam = z.object({ id: z.uuid('That id is not valid') });
export const userIdParam = z.object({ userId: z.uuid('That user id is not valid') });

/** What a placement run answers; parsed where it crosses Redis, so the API never trusts a cast. */
export const refreshBreaksResult = z.object({
  totalScheduled: z.number().int(),
  breaks: z.array(z.object({ id: z.string(), scheduledTime: z.string(), duration: z.number(), activityId: z.string() })),
  shortfalls: z.array(z.object({ date: z.string(), asked: z.number(), placed: z.number(), reason: z.string() })),
});
export type RefreshBreaksResult = z.infer<typeof refreshBreaksResult>;

export const calendarSyncResult = z.object({
  needsConnection: z.boolean().optional(),
  needsReconnection: z.boolean().optional(),
  running: z.boolean().optional(),
  eventsChanged: z.number().int().optional(),
  message: z.string(),
});
export type CalendarSyncResult = z.infer<typeof calendarSyncResult>;

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
  provider: CalendarProvider | null;
  lastSyncedAt: string | null;
}
