import { z } from 'zod';

/** Queue names: BullMQ queue ids and in-process job names alike. */
export const QUEUES = {
  placeBreaks: 'place-breaks',
  calendarSync: 'calendar-sync',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const placementTriggers = ['refresh', 'sync', 'preferences', 'cadence', 'replay'] as const;

/** Job payloads carry ids only, never secrets. */
export const placeBreaksPayload = z.object({
  userId: z.uuid(),
  trigger: z.enum(placementTriggers),
});
export type PlaceBreaksPayload = z.infer<typeof placeBreaksPayload>;

export const calendarSyncPayload = z.object({
  userId: z.uuid(),
  trigger: z.enum(['manual', 'cadence', 'connect']),
});
export type CalendarSyncPayload = z.infer<typeof calendarSyncPayload>;
