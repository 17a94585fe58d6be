import { randomBytes } from 'node:crypto';

export type ShowAs = 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
export type ResponseType = 'none' | 'organizer' | 'tentativelyAccepted' | 'accepted' | 'declined' | 'notResponded';

/** One event as the mailbox holds it; rendered as Graph's event resource when read. */
export interface StoredEvent {
  id: string;
  subject: string;
  start: Date;
  end: Date;
  isAllDay: boolean;
  showAs: ShowAs;
  isCancelled: boolean;
  response: ResponseType;
  isOnlineMeeting: boolean;
  joinUrl: string | undefined;
  transactionId: string | undefined;
  /** Single-value extended properties, by id exactly as the client wrote it. */
  extendedProperties: Record<string, string>;
  createdDateTime: Date;
  lastModifiedDateTime: Date;
  changeKey: string;
  /** The mailbox's change counter when this event last changed; delta reports what changed after a token's. */
  seq: number;
  deleted: boolean;
}

/**
 * A user's default calendar. Every change takes the next sequence number, so a delta token (the number it was issued
 * at) knows exactly what changed since; deleted events stay as tombstones for `@removed`.
 */
export class Mailbox {
  readonly events = new Map<string, StoredEvent>();
  private seq = 0;
  /** Bumped when the sync state is lost: every delta token issued before answers 410 syncStateNotFound. */
  syncGeneration = 0;

  get currentSeq(): number {
    return this.seq;
  }

  newId(): string {
    return `AAMkAD${randomBytes(24).toString('base64url')}=`;
  }

  save(event: Omit<StoredEvent, 'seq' | 'changeKey' | 'deleted' | 'lastModifiedDateTime'>, now: Date): StoredEvent {
    this.seq += 1;
    const stored: StoredEvent = {
      ...event,
      seq: this.seq,
      deleted: false,
      lastModifiedDateTime: now,
      changeKey: randomBytes(12).toString('base64'),
    };
    this.events.set(stored.id, stored);
    return stored;
  }

  live(id: string): StoredEvent | undefined {
    const event = this.events.get(id);
    return event && !event.deleted ? event : undefined;
  }

  remove(id: string, now: Date): boolean {
    const event = this.live(id);
    if (!event) return false;
    this.seq += 1;
    this.events.set(id, { ...event, deleted: true, seq: this.seq, lastModifiedDateTime: now });
    return true;
  }

  liveEvents(): StoredEvent[] {
    return [...this.events.values()].filter((event) => !event.deleted);
  }
}
