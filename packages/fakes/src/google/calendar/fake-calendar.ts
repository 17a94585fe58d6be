import type { GoogleEvent } from './event-resource.js';

export const ACCESS_ROLES = ['freeBusyReader', 'reader', 'writer', 'owner'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

export interface CalendarSettings {
  id: string;
  summary: string;
  description?: string;
  timeZone: string;
  accessRole: AccessRole;
  primary: boolean;
  colorId: string;
  backgroundColor: string;
  foregroundColor: string;
  /** The user's default reminders here; echoed by calendarList and events.list. */
  defaultReminders: Array<{ method: 'popup' | 'email'; minutes: number }>;
}

export interface StoredEvent {
  event: GoogleEvent;
  /** The ChangeClock value of the last change, for incremental sync. */
  changeSeq: number;
}

/** One calendar on one account's calendar list, with its events (deleted ones stay, as `cancelled`). */
export class FakeCalendar {
  /** Insertion order is the "unspecified, stable order" events.list returns without orderBy. */
  readonly events = new Map<string, StoredEvent>();

  constructor(
    readonly settings: CalendarSettings,
    /** When the calendar joined the list: its calendarList etag and the `updated` of an empty calendar. */
    readonly createdAt: number,
    readonly changeSeq: number,
  ) {}

  get id(): string {
    return this.settings.id;
  }

  get timeZone(): string {
    return this.settings.timeZone;
  }

  find(eventId: string): GoogleEvent | undefined {
    return this.events.get(eventId)?.event;
  }

  save(event: GoogleEvent, changeSeq: number): void {
    this.events.set(event.id, { event, changeSeq });
  }

  /** Stored modified or cancelled instances of a recurring event. */
  exceptionsOf(recurringEventId: string): GoogleEvent[] {
    return [...this.events.values()].map(({ event }) => event).filter((event) => event.recurringEventId === recurringEventId);
  }

  canWrite(): boolean {
    return this.settings.accessRole === 'owner' || this.settings.accessRole === 'writer';
  }
}
