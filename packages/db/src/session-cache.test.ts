import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type DatabaseHandle } from './client.js';
import { deleteUserSessions, extendSession, findSessionWithPlanDay, type SessionWithPlanDay } from './queries/sessions.js';
import { useScratchDatabase } from './scratch-database.test-support.js';
import {
  findKeptSessionWithPlanDay,
  MAX_AGE_MS,
  MAX_ENTRIES,
  SessionPlanDayCache,
  sessionCacheOf,
  sharedSync,
} from './session-cache.js';
import { insertTestUser } from './testing.js';

const NOW = new Date('2026-11-25T12:00:00Z');

/** What the database would answer for `userId` at version `version`, its today being NOW's UTC day. */
function readOf(userId: string, version: number): SessionWithPlanDay {
  return {
    session: { id: `s-${userId}`, userId, expiresAt: NOW, absoluteExpiresAt: NOW },
    user: { id: userId, plan_version: String(version) } as unknown as SessionWithPlanDay['user'],
    planDay: { version: String(version), todayStart: '2026-11-25T00:00:00.000Z', nextDayStart: '2026-11-26T00:00:00.000Z' },
  };
}

/** A promise settled by hand, so each race below runs in the order written. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const alwaysSynced = { sync: () => Promise.resolve() };

/** A cache whose connection is up, a clock moved by hand, and a load that counts the reads that reached it. */
function connectedCache() {
  let clockMs = 0;
  const cache = new SessionPlanDayCache(() => clockMs);
  cache.connected(alwaysSynced);
  const loads = { count: 0 };
  const load = (answer: SessionWithPlanDay | undefined) => async () => {
    loads.count += 1;
    return answer;
  };
  return { cache, loads, load, advance: (ms: number) => (clockMs += ms) };
}

describe('the session cache', () => {
  it('answers a second read from memory', async () => {
    const { cache, loads, load } = connectedCache();
    await cache.read('s', NOW, load(readOf('u', 1)));
    expect(await cache.read('s', NOW, load(readOf('u', 2)))).toEqual(readOf('u', 1));
    expect(loads.count).toBe(1);
  });

  it('drops a user’s sessions when told the user changed', async () => {
    const { cache, loads, load } = connectedCache();
    await cache.read('s1', NOW, load(readOf('u', 1)));
    await cache.read('s2', NOW, load(readOf('u', 1)));
    await cache.read('other', NOW, load(readOf('v', 1)));
    cache.userChanged('u');
    expect(await cache.read('s1', NOW, load(undefined))).toBeUndefined();
    expect(await cache.read('s2', NOW, load(readOf('u', 2)))).toEqual(readOf('u', 2));
    expect(await cache.read('other', NOW, load(undefined))).toEqual(readOf('v', 1));
    expect(loads.count).toBe(5);
  });

  it('does not store a read that began before a change was announced', async () => {
    const { cache, loads, load } = connectedCache();
    const answer = deferred<SessionWithPlanDay>();
    const before = cache.read('s', NOW, () => answer.promise);
    await Promise.resolve(); // the read has passed its sync and is waiting for the database
    cache.userChanged('u');
    answer.resolve(readOf('u', 1));
    expect(await before).toEqual(readOf('u', 1));
    expect(await cache.read('s', NOW, load(readOf('u', 2)))).toEqual(readOf('u', 2));
    expect(loads.count).toBe(1);
  });

  it('does not store a read that began before the connection was lost, even once it is back', async () => {
    const { cache, loads, load } = connectedCache();
    const answer = deferred<SessionWithPlanDay>();
    const before = cache.read('s', NOW, () => answer.promise);
    await Promise.resolve();
    cache.disconnected();
    cache.connected(alwaysSynced);
    answer.resolve(readOf('u', 1));
    await before;
    expect(await cache.read('s', NOW, load(readOf('u', 2)))).toEqual(readOf('u', 2));
    expect(loads.count).toBe(1);
  });

  it('reads the database every time while the connection is down, and starts empty when it is back', async () => {
    const { cache, loads, load } = connectedCache();
    await cache.read('s', NOW, load(readOf('u', 1)));
    cache.disconnected();
    expect(cache.size).toBe(0);
    expect(await cache.read('s', NOW, load(readOf('u', 2)))).toEqual(readOf('u', 2));
    expect(await cache.read('s', NOW, load(readOf('u', 3)))).toEqual(readOf('u', 3));
    expect(cache.size).toBe(0);
    cache.connected(alwaysSynced);
    expect(await cache.read('s', NOW, load(readOf('u', 4)))).toEqual(readOf('u', 4));
    expect(loads.count).toBe(4);
  });

  it('reads the database when the sync fails', async () => {
    const { cache, loads, load } = connectedCache();
    await cache.read('s', NOW, load(readOf('u', 1)));
    cache.connected({ sync: () => Promise.reject(new Error('connection reset')) });
    expect(await cache.read('s', NOW, load(readOf('u', 2)))).toEqual(readOf('u', 2));
    expect(loads.count).toBe(2);
  });

  it('uses an entry only within the user’s today and MAX_AGE_MS', async () => {
    const { cache, loads, load, advance } = connectedCache();
    await cache.read('s', NOW, load(readOf('u', 1)));
    await cache.read('s', new Date('2026-11-25T23:59:59.999Z'), load(readOf('u', 9)));
    expect(loads.count).toBe(1);
    expect(await cache.read('s', new Date('2026-11-26T00:00:00Z'), load(readOf('u', 2)))).toEqual(readOf('u', 2));
    expect(await cache.read('s', new Date('2026-11-24T23:59:59Z'), load(readOf('u', 3)))).toEqual(readOf('u', 3));
    advance(MAX_AGE_MS - 1);
    await cache.read('s', NOW, load(readOf('u', 9)));
    expect(loads.count).toBe(3);
    advance(1);
    expect(await cache.read('s', NOW, load(readOf('u', 4)))).toEqual(readOf('u', 4));
    expect(loads.count).toBe(4);
  });

  it('keeps at most MAX_ENTRIES, dropping the least recently used', async () => {
    const { cache, loads, load } = connectedCache();
    for (let i = 0; i < MAX_ENTRIES; i += 1) await cache.read(`s${i}`, NOW, load(readOf(`u${i}`, 1)));
    await cache.read('s0', NOW, load(undefined)); // used again: s1 is now the least recent
    await cache.read('one more', NOW, load(readOf('w', 1)));
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(loads.count).toBe(MAX_ENTRIES + 1);
    await cache.read('s0', NOW, load(undefined));
    expect(loads.count).toBe(MAX_ENTRIES + 1);
    await cache.read('s1', NOW, load(readOf('u1', 2)));
    expect(loads.count).toBe(MAX_ENTRIES + 2);
  });
});

describe('a shared sync', () => {
  it('gives each caller a run started after its call, one run for all who wait together', async () => {
    const runs: ReturnType<typeof deferred<void>>[] = [];
    const sync = sharedSync(() => {
      const run = deferred<void>();
      runs.push(run);
      return run.promise;
    });
    const first = sync();
    const [second, third] = [sync(), sync()];
    expect(runs).toHaveLength(1);
    expect(second).toBe(third);
    runs[0]!.resolve();
    await first;
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    const fourth = sync(); // the second run is on its way: this caller waits for a third
    runs[1]!.resolve();
    await second;
    await vi.waitFor(() => expect(runs).toHaveLength(3));
    runs[2]!.resolve();
    await fourth;
  });
});

describe('the session cache on PostgreSQL, two processes on one database', () => {
  const scratch = useScratchDatabase('postgres');
  let other: DatabaseHandle;

  beforeAll(async () => {
    other = await createDb({ kind: 'postgres', url: scratch().url!, maxConnections: 4 });
  });
  afterAll(() => other?.close());

  async function signedIn(name: string) {
    const { user } = await insertTestUser(scratch().db, {
      username: name,
      session: { id: `session-${name}`, expiresAt: new Date('2027-01-01'), absoluteExpiresAt: new Date('2027-01-01') },
    });
    return { userId: user.id, sessionId: `session-${name}` };
  }

  /** Reads through `db`'s cache once it listens, so the reads below are answered from memory when they can be. */
  async function listening(db: DatabaseHandle['db'], sessionId: string) {
    await findKeptSessionWithPlanDay(db, sessionId, NOW);
    await vi.waitFor(() => expect(sessionCacheOf(db)!.listening).toBe(true));
    await findKeptSessionWithPlanDay(db, sessionId, NOW);
    expect(sessionCacheOf(db)!.size).toBeGreaterThan(0);
  }

  it('never answers a session after its deletion committed in the other process', async () => {
    const { sessionId } = await signedIn('signed-out');
    await listening(other.db, sessionId);
    await scratch().db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    expect(await findKeptSessionWithPlanDay(other.db, sessionId, NOW)).toBeUndefined();
  });

  it('never answers any session of a user signed out everywhere, nor an expiry moved since', async () => {
    const { userId, sessionId } = await signedIn('everywhere');
    await listening(other.db, sessionId);
    const later = new Date('2027-02-01T00:00:00Z');
    await extendSession(scratch().db, sessionId, later);
    expect((await findKeptSessionWithPlanDay(other.db, sessionId, NOW))!.session.expiresAt).toEqual(later);
    await deleteUserSessions(scratch().db, userId);
    expect(await findKeptSessionWithPlanDay(other.db, sessionId, NOW)).toBeUndefined();
  });

  it('answers the new plan version as soon as the other process committed it', async () => {
    const { userId, sessionId } = await signedIn('replanned');
    await listening(other.db, sessionId);
    const { plan_version } = await scratch()
      .db.updateTable('users')
      .set({ plan_version: sql`plan_version + 1` })
      .where('id', '=', userId)
      .returning('plan_version')
      .executeTakeFirstOrThrow();
    expect((await findKeptSessionWithPlanDay(other.db, sessionId, NOW))!.planDay.version).toBe(String(plan_version));
  });

  it('reads the database while its connection is lost and starts empty on reconnecting', async () => {
    const { userId, sessionId } = await signedIn('dropped');
    await listening(other.db, sessionId);
    const cache = sessionCacheOf(other.db)!;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'breaker-user-changes'`.execute(
      scratch().db,
    );
    await vi.waitFor(() => expect(cache.listening).toBe(false));
    expect(cache.size).toBe(0);
    await scratch().db.updateTable('users').set({ first_name: 'Changed' }).where('id', '=', userId).execute();
    expect((await findKeptSessionWithPlanDay(other.db, sessionId, NOW))!.user.first_name).toBe('Changed');
    await vi.waitFor(() => expect(cache.listening).toBe(true), { timeout: 10_000 });
    expect(cache.size).toBe(0);
  });

  it('never answers older than the last change committed before the read began', async () => {
    const { userId, sessionId } = await signedIn('property');
    const processes = [scratch().db, other.db];
    const committed = { version: 0, signedOut: false };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), by: fc.integer({ min: 0, max: 1 }) }),
      fc.record({ kind: fc.constant('read' as const), by: fc.integer({ min: 0, max: 1 }) }),
      fc.record({ kind: fc.constant('sign out' as const), by: fc.integer({ min: 0, max: 1 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        async (rounds) => {
          await sql`insert into sessions (id, user_id, expires_at, absolute_expires_at) values (${sessionId}, ${userId}, '2027-01-01', '2027-01-01') on conflict do nothing`.execute(
            scratch().db,
          );
          committed.signedOut = false;
          for (const steps of rounds) {
            // The steps of a round run at once; each read is checked against what had committed when it began.
            await Promise.all(
              steps.map(async ({ kind, by }) => {
                const db = processes[by]!;
                if (kind === 'write') {
                  const { plan_version } = await db
                    .updateTable('users')
                    .set({ plan_version: sql`plan_version + 1` })
                    .where('id', '=', userId)
                    .returning('plan_version')
                    .executeTakeFirstOrThrow();
                  committed.version = Math.max(committed.version, Number(plan_version));
                } else if (kind === 'sign out') {
                  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
                  committed.signedOut = true;
                } else {
                  const before = { ...committed };
                  const found = await findKeptSessionWithPlanDay(db, sessionId, NOW);
                  if (before.signedOut) expect(found).toBeUndefined();
                  if (found) expect(Number(found.planDay.version)).toBeGreaterThanOrEqual(before.version);
                }
              }),
            );
          }
          const direct = await findSessionWithPlanDay(scratch().db, sessionId, NOW);
          for (const db of processes) expect(await findKeptSessionWithPlanDay(db, sessionId, NOW)).toEqual(direct);
        },
      ),
      { numRuns: 40 },
    );
    expect(sessionCacheOf(other.db)!.listening).toBe(true);
  });
});
