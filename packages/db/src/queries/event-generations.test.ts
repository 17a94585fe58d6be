import { describe, expect, it } from 'vitest';
import { connectTestFeed, insertTestUser, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { replaceConnectionEvents, type StoredEvent } from './calendar.js';
import { listEventsBetween } from './events.js';
import { findSessionWithPlanDay } from './sessions.js';

const FROM = new Date('2026-11-23T00:00:00Z');
const TO = new Date('2027-02-23T00:00:00Z');

/** `count` half-hour events, one an hour from FROM, titled with `set` so a read tells which set it saw. */
function eventSet(set: string, count: number): StoredEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    calendarId: 'feed',
    externalId: `event-${i}`,
    title: `${set} ${i}`,
    start: new Date(FROM.getTime() + i * 3_600_000),
    end: new Date(FROM.getTime() + i * 3_600_000 + 1_800_000),
    isAllDay: false,
    blocksTime: true,
    showAs: 'busy',
  }));
}

/** Another request's turn: reads arrive from the network, between the event loop's turns, not in one microtask chain. */
const nextRequest = () => new Promise<void>((resume) => setImmediate(resume));

const setsSeen = (titles: readonly string[]) => [...new Set(titles.map((title) => title.split(' ')[0]!))];

describe.each<TestBackend>(['postgres', 'pglite'])('a full sync replacing many events, on %s', (kind) => {
  const database = useScratchDatabase(kind);

  async function connectedUser(name: string) {
    const { user } = await insertTestUser(database().db, { username: `${name}-${kind}` });
    const connection = await connectTestFeed(database().db, user.id);
    return { user, connection };
  }

  /** Every row stored for the connection, whatever set it came from: none of a replaced set may stay. */
  const storedEvents = (connectionId: string) =>
    database().db.selectFrom('calendar_events').select('id').where('connection_id', '=', connectionId).execute();

  it('lets other reads run while it writes, and each sees the old events or the new ones, whole', async () => {
    const { user, connection } = await connectedUser('whole');
    await replaceConnectionEvents(database().db, connection, eventSet('old', 300));
    let done = false;
    const replacing = replaceConnectionEvents(database().db, connection, eventSet('new', 1000)).finally(() => (done = true));
    const readsMeanwhile: string[][] = [];
    while (!done) {
      const titles = (await listEventsBetween(database().db, user.id, FROM, TO)).map((event) => event.title);
      readsMeanwhile.push(setsSeen(titles));
      expect(titles.length).toBe(titles[0]?.startsWith('old') ? 300 : 1000);
      await nextRequest();
    }
    await replacing;
    expect(readsMeanwhile.length).toBeGreaterThan(1);
    expect(readsMeanwhile.every((sets) => sets.length === 1)).toBe(true);
    expect(readsMeanwhile[0]).toEqual(['old']);
    expect(setsSeen((await listEventsBetween(database().db, user.id, FROM, TO)).map((event) => event.title))).toEqual(['new']);
    expect(await storedEvents(connection.id)).toHaveLength(1000);
  });

  it('moves the plan version when the connection switches to the new events, so no 304 keeps the old ones', async () => {
    const { user, connection } = await connectedUser('version');
    const token = `generations-${kind}`;
    await database()
      .db.insertInto('sessions')
      .values({ id: token, user_id: user.id, expires_at: TO, absolute_expires_at: TO })
      .execute();
    const versionNow = async () => (await findSessionWithPlanDay(database().db, token, FROM))!.planDay.version;
    const before = await versionNow();
    await database()
      .db.updateTable('calendar_connections')
      .set({ events_generation: 41 })
      .where('id', '=', connection.id)
      .execute();
    const switched = await versionNow();
    expect(switched).not.toBe(before);
    await database().db.updateTable('calendar_connections').set({ status: 'active' }).where('id', '=', connection.id).execute();
    expect(await versionNow()).toBe(switched);
  });

  it('tells whether the busy time changed, whatever order or titles the events come in', async () => {
    const { connection } = await connectedUser('busy');
    const meetings = eventSet('first', 3);
    const busyChanged = async (events: StoredEvent[]) =>
      (await replaceConnectionEvents(database().db, connection, events)).busyChanged;
    expect(await busyChanged(meetings)).toBe(true);
    expect(await busyChanged(eventSet('renamed', 3).reverse())).toBe(false);
    const [first, second, third] = meetings as [StoredEvent, StoredEvent, StoredEvent];
    expect(await busyChanged([first, second, { ...third, start: new Date(third.start.getTime() + 60_000) }])).toBe(true);
    expect(await busyChanged([first, second, { ...third, call: true }])).toBe(true);
    expect(await busyChanged([first, second, { ...third, call: true, blocksTime: false }])).toBe(true);
    // A meeting that does not block time is not busy time, whatever else changes in it.
    expect(await busyChanged([first, second, { ...third, showAs: 'tentative', blocksTime: false }])).toBe(false);
    expect(await busyChanged([first, second])).toBe(false);
  });

  it('keeps the later of two syncs racing, and removes the other one', async () => {
    const { user, connection } = await connectedUser('race');
    await Promise.all([
      replaceConnectionEvents(database().db, connection, eventSet('first', 400)),
      replaceConnectionEvents(database().db, connection, eventSet('second', 400)),
    ]);
    const titles = (await listEventsBetween(database().db, user.id, FROM, TO)).map((event) => event.title);
    expect(titles).toHaveLength(400);
    expect(setsSeen(titles)).toHaveLength(1);
    expect(await storedEvents(connection.id)).toHaveLength(400);
  });
});
