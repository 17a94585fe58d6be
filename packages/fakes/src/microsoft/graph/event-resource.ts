import type { ResponseType, ShowAs, StoredEvent } from '../state/mailbox.js';
import { toDateTimeTimeZone, toInstant, type DateTimeTimeZone } from './event-time.js';
import { invalidRequest } from './graph-errors.js';

/** The writable part of Graph's event resource, as a client posts it (or a test seeds it; `id` then is kept). */
export interface EventInput {
  id?: string;
  subject?: string;
  start?: DateTimeTimeZone;
  end?: DateTimeTimeZone;
  isAllDay?: boolean;
  showAs?: ShowAs;
  isCancelled?: boolean;
  responseStatus?: { response?: ResponseType };
  isOnlineMeeting?: boolean;
  onlineMeeting?: { joinUrl?: string } | null;
  transactionId?: string;
  singleValueExtendedProperties?: Array<{ id: string; value: string }>;
  body?: { contentType?: string; content?: string };
}

const SHOW_AS: readonly ShowAs[] = ['free', 'tentative', 'busy', 'oof', 'workingElsewhere', 'unknown'];
const RESPONSES: readonly ResponseType[] = ['none', 'organizer', 'tentativelyAccepted', 'accepted', 'declined', 'notResponded'];

function checkEnum<T extends string>(value: unknown, allowed: readonly T[], field: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalidRequest(`Cannot convert the literal '${String(value)}' to the expected type 'microsoft.graph.${field}'.`);
}

const isMidnight = (instant: Date, zone: DateTimeTimeZone | undefined): boolean =>
  /T00:00(:00(\.0+)?)?$/.test(zone?.dateTime ?? '') && !Number.isNaN(instant.getTime());

type Fields = Omit<StoredEvent, 'id' | 'seq' | 'changeKey' | 'deleted' | 'lastModifiedDateTime' | 'createdDateTime'>;

/**
 * Applies `input` over `current` (a create has none), checking it as Graph would: start before end, all-day events
 * from midnight to midnight (graph.resource.event.md), known `showAs` values, `transactionId` fixed once set.
 */
export function applyInput(input: EventInput, current: Fields | undefined): Fields {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw invalidRequest('Empty Payload. JSON content expected.');
  if (current?.transactionId !== undefined && input.transactionId !== undefined && input.transactionId !== current.transactionId)
    throw invalidRequest('TransactionId cannot be changed once set.');
  const start = input.start ? toInstant(input.start, 'Start') : current?.start;
  const end = input.end ? toInstant(input.end, 'End') : current?.end;
  if (!start || !end) throw invalidRequest('Your request must include Start and End.');
  if (end < start) throw invalidRequest('The Event.End property must be later than Event.Start.');
  const isAllDay = input.isAllDay ?? current?.isAllDay ?? false;
  if (isAllDay && ((input.start && !isMidnight(start, input.start)) || (input.end && !isMidnight(end, input.end))))
    throw invalidRequest('Event start and end times for an all-day event must be at midnight.');
  const properties = { ...current?.extendedProperties };
  for (const property of input.singleValueExtendedProperties ?? []) {
    if (typeof property?.id !== 'string' || typeof property.value !== 'string')
      throw invalidRequest('A single-value extended property needs a string id and value.');
    properties[property.id] = property.value;
  }
  const isOnlineMeeting = input.isOnlineMeeting ?? current?.isOnlineMeeting ?? false;
  return {
    subject: input.subject ?? current?.subject ?? '',
    start,
    end,
    isAllDay,
    showAs: checkEnum(input.showAs, SHOW_AS, 'freeBusyStatus') ?? current?.showAs ?? 'busy',
    isCancelled: input.isCancelled ?? current?.isCancelled ?? false,
    response: checkEnum(input.responseStatus?.response, RESPONSES, 'responseType') ?? current?.response ?? 'organizer',
    isOnlineMeeting,
    joinUrl:
      input.onlineMeeting?.joinUrl ??
      current?.joinUrl ??
      (isOnlineMeeting ? 'https://teams.microsoft.com/l/meetup-join/fake' : undefined),
    transactionId: current?.transactionId ?? input.transactionId,
    extendedProperties: properties,
  };
}

/**
 * The event resource as Graph returns it. `transactionId` appears only when the app set it; extended properties only
 * when `$expand`ed (graph.singlevaluelegacyextendedproperty-get.md), those whose id is in `expand`.
 */
export function renderEvent(event: StoredEvent, zone: string, expand?: (id: string) => boolean): Record<string, unknown> {
  const properties = Object.entries(event.extendedProperties).filter(([id]) => expand?.(id) ?? false);
  return {
    '@odata.type': '#microsoft.graph.event',
    '@odata.etag': `W/"${event.changeKey}"`,
    id: event.id,
    createdDateTime: event.createdDateTime.toISOString(),
    lastModifiedDateTime: event.lastModifiedDateTime.toISOString(),
    changeKey: event.changeKey,
    ...(event.transactionId !== undefined && { transactionId: event.transactionId }),
    subject: event.subject,
    bodyPreview: '',
    isAllDay: event.isAllDay,
    isCancelled: event.isCancelled,
    isOrganizer: event.response === 'organizer',
    showAs: event.showAs,
    type: 'singleInstance',
    responseStatus: { response: event.response, time: '0001-01-01T00:00:00Z' },
    isOnlineMeeting: event.isOnlineMeeting,
    onlineMeetingProvider: event.isOnlineMeeting ? 'teamsForBusiness' : 'unknown',
    onlineMeeting: event.joinUrl && event.isOnlineMeeting ? { joinUrl: event.joinUrl } : null,
    start: toDateTimeTimeZone(event.start, zone),
    end: toDateTimeTimeZone(event.end, zone),
    ...(properties.length > 0 && {
      singleValueExtendedProperties: properties.map(([id, value]) => ({ id, value })),
    }),
  };
}

/** How delta reports an event that is gone, or has left the window (graph.event-delta.md). */
export function removedEntry(id: string): Record<string, unknown> {
  return { '@odata.type': '#microsoft.graph.event', id, '@removed': { reason: 'deleted' } };
}
