import { describe, expect, it } from 'vitest';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { connectTestFeed, insertTestUser, type TestBackend } from '../testing.js';
import { replaceConnectionEvents, type StoredEvent } from './calendar.js';
import { listEventsBetween, listPlanningEventsBetween } from './events.js';

const FROM = new Date('2026-11-23T00:00:00Z');
const TO = new Date('2026-11-24T00:00:00Z');

function event(externalId: string, start: string, end: string, changes: Partial<StoredEvent> = {}): StoredEvent {
  return {
    calendarId: 'feed',
    externalId,
    title: `Event ${externalId}`,
    start: new Date(start),
    end: new Date(end),
    isAllDay: false,
    blocksTime: true,
    showAs: 'busy',
    ...changes,
  };
}

describe.each<TestBackend>(['postgres', 'pglite'])('the events planning reads, on %s', (kind) => {
  const database = useScratchDatabase(kind);

  it('are the ones that can block time in the window, earliest first, with only what planning uses', async () => {
    const { user } = await insertTestUser(database().db, { username: `planning-${kind}` });
    const connection = await connectTestFeed(database().db, user.id);
    await replaceConnectionEvents(database().db, connection, [
      event('late', '2026-11-23T15:00:00Z', '2026-11-23T16:00:00Z', { showAs: 'tentative' }),
      event('free', '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z', { blocksTime: false }),
      event('early', '2026-11-23T09:00:00Z', '2026-11-23T09:30:00Z', { call: true }),
      event('yesterday', '2026-11-22T22:00:00Z', '2026-11-23T00:00:00Z'),
      event('overnight', '2026-11-23T23:30:00Z', '2026-11-24T00:30:00Z'),
    ]);

    const planning = await listPlanningEventsBetween(database().db, user.id, FROM, TO);
    expect(planning).toEqual([
      {
        start_time: new Date('2026-11-23T09:00:00Z'),
        end_time: new Date('2026-11-23T09:30:00Z'),
        blocks_time: true,
        show_as: 'busy',
        call: true,
      },
      {
        start_time: new Date('2026-11-23T15:00:00Z'),
        end_time: new Date('2026-11-23T16:00:00Z'),
        blocks_time: true,
        show_as: 'tentative',
        call: false,
      },
      {
        start_time: new Date('2026-11-23T23:30:00Z'),
        end_time: new Date('2026-11-24T00:30:00Z'),
        blocks_time: true,
        show_as: 'busy',
        call: false,
      },
    ]);
    // The calendar screen still reads every event of the window, free ones included.
    expect((await listEventsBetween(database().db, user.id, FROM, TO)).map((row) => row.external_id)).toEqual([
      'early',
      'free',
      'late',
      'overnight',
    ]);
  });
});
