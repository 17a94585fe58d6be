import { z } from 'zod';

export const breakSessionPatch = z.union(
  [
    z.object({ completedAt: z.iso.datetime({ offset: true, error: 'completedAt must be an ISO time' }) }).strict(),
    z.object({ skipped: z.literal(true) }).strict(),
  ],
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
  url: z
    .string({ error: 'Enter the address of your calendar feed' })
    .trim()
    .min(1, 'Enter the address of your calendar feed')
    .max(2048, 'That feed address is too long'),
});
export type IcsFeedInput = z.infer<typeof icsFeedInput>;
