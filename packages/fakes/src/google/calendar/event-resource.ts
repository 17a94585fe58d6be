import { z } from 'zod';

/**
 * The Calendar v3 `Event` resource (discovery rev 20240523) as far as the fake keeps it. Fields the fake does not
 * interpret (conferenceData, workingLocationProperties…) are kept as sent and returned unchanged; reminders are checked
 * against the doc's limits, then kept and returned as sent.
 */

export const EVENT_STATUSES = ['confirmed', 'tentative', 'cancelled'] as const;
export const EVENT_TYPES = ['default', 'outOfOffice', 'focusTime', 'workingLocation', 'fromGmail'] as const;
export const RESPONSE_STATUSES = ['needsAction', 'declined', 'tentative', 'accepted'] as const;

export type EventStatus = (typeof EVENT_STATUSES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

const eventDateTimeSchema = z.object({
  date: z.string().optional(),
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
});

const personSchema = z.looseObject({
  email: z.string().optional(),
  displayName: z.string().optional(),
  id: z.string().optional(),
  self: z.boolean().optional(),
});

const attendeeSchema = z.looseObject({
  email: z.string(),
  displayName: z.string().optional(),
  organizer: z.boolean().optional(),
  self: z.boolean().optional(),
  optional: z.boolean().optional(),
  resource: z.boolean().optional(),
  responseStatus: z.enum(RESPONSE_STATUSES).optional(),
  comment: z.string().optional(),
  additionalGuests: z.number().int().optional(),
});

const propertiesSchema = z.record(z.string(), z.string());

/**
 * `Event.reminders` per the discovery doc: `useDefault`, and up to 5 `overrides` of `email` or `popup` between 0 and
 * 40320 minutes before the start; Google refuses overrides together with `useDefault: true`.
 */
const remindersSchema = z
  .looseObject({
    useDefault: z.boolean().optional(),
    overrides: z
      .array(z.looseObject({ method: z.enum(['email', 'popup']), minutes: z.number().int().min(0).max(40320) }))
      .max(5)
      .optional(),
  })
  .refine((reminders) => !(reminders.useDefault === true && (reminders.overrides?.length ?? 0) > 0), {
    message: 'Cannot specify both default reminders and overrides at the same time.',
  });

/** What callers may send: an insert/update body, or seed data shaped like a real `events.list` item. */
export const eventInputSchema = z.looseObject({
  kind: z.literal('calendar#event').optional(),
  etag: z.string().optional(),
  id: z.string().optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  htmlLink: z.string().optional(),
  created: z.string().optional(),
  updated: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  colorId: z.string().optional(),
  creator: personSchema.optional(),
  organizer: personSchema.optional(),
  start: eventDateTimeSchema.optional(),
  end: eventDateTimeSchema.optional(),
  endTimeUnspecified: z.boolean().optional(),
  recurrence: z.array(z.string()).optional(),
  recurringEventId: z.string().optional(),
  originalStartTime: eventDateTimeSchema.optional(),
  transparency: z.enum(['opaque', 'transparent']).optional(),
  visibility: z.enum(['default', 'public', 'private', 'confidential']).optional(),
  iCalUID: z.string().optional(),
  sequence: z.number().int().optional(),
  attendees: z.array(attendeeSchema).optional(),
  extendedProperties: z.object({ private: propertiesSchema.optional(), shared: propertiesSchema.optional() }).optional(),
  reminders: remindersSchema.optional(),
  eventType: z.enum(EVENT_TYPES).optional(),
});

export type EventInput = z.input<typeof eventInputSchema>;
export type EventDateTime = z.output<typeof eventDateTimeSchema>;
export type EventPerson = z.output<typeof personSchema>;
export type EventAttendee = z.output<typeof attendeeSchema>;

/** A stored event: the input shape with the fields Google always fills in made required. */
export type GoogleEvent = z.output<typeof eventInputSchema> & {
  kind: 'calendar#event';
  etag: string;
  id: string;
  status: EventStatus;
  updated: string;
};

/** Google's own key order for an Event, so bodies read like captured ones; unknown keys follow in arrival order. */
export const EVENT_KEY_ORDER = [
  'kind',
  'etag',
  'id',
  'status',
  'htmlLink',
  'created',
  'updated',
  'summary',
  'description',
  'location',
  'colorId',
  'creator',
  'organizer',
  'start',
  'end',
  'endTimeUnspecified',
  'recurrence',
  'recurringEventId',
  'originalStartTime',
  'transparency',
  'visibility',
  'iCalUID',
  'sequence',
  'attendees',
  'extendedProperties',
  'hangoutLink',
  'conferenceData',
  'reminders',
  'eventType',
] as const;
