import { EVENT_KEY_ORDER, type EventDateTime, type GoogleEvent } from './event-resource.js';
import { readMoment, writeMoment } from './event-time.js';

export interface RenderView {
  /** The response's zone: the `timeZone` parameter, else the calendar's. */
  timeZone: string;
  /** Cancelled entries shrink to their identity unless the request asked for deleted details (showDeleted). */
  minimalCancelled: boolean;
}

function renderDateTime(value: EventDateTime | undefined, zone: string): EventDateTime | undefined {
  const moment = readMoment(value);
  return moment && value ? writeMoment(moment, zone, value.timeZone) : value;
}

const DATE_TIME_KEYS = new Set(['start', 'end', 'originalStartTime']);

/** An Event as the API returns it: Google's key order, times written in the response's zone. */
export function renderEvent(event: GoogleEvent, view: RenderView): Record<string, unknown> {
  const source: Record<string, unknown> =
    event.status === 'cancelled' && view.minimalCancelled
      ? {
          kind: event.kind,
          etag: event.etag,
          id: event.id,
          status: event.status,
          recurringEventId: event.recurringEventId,
          originalStartTime: event.originalStartTime,
        }
      : event;
  const ordered: Record<string, unknown> = {};
  const keys = [
    ...EVENT_KEY_ORDER,
    ...Object.keys(source).filter((key) => !(EVENT_KEY_ORDER as readonly string[]).includes(key)),
  ];
  for (const key of keys) {
    const value = source[key];
    if (value === undefined) continue;
    ordered[key] = DATE_TIME_KEYS.has(key) ? renderDateTime(value as EventDateTime, view.timeZone) : value;
  }
  return ordered;
}
