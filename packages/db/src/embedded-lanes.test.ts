import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type DatabaseHandle } from './client.js';
import {
  BACKGROUND_WAIT_MS,
  connectionTurns,
  FOREGROUND_TURNS_IN_A_ROW,
  HOLD_MS,
  REQUEST_HOLD_MS,
  requestsBeingServed,
  turnsOfTheLoop,
  type Lane,
} from './embedded-lanes.js';
import type { Database } from './schema.js';

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Takes and gives driven one step at a time: who holds the connection, in the order they got it. */
function turnsUnderTest() {
  const turns = connectionTurns();
  const served: { lane: Lane; asked: number }[] = [];
  /** Every ask, start and moment no one held or waited, in the order they happened. */
  const events: ({ kind: 'ask' | 'start'; lane: Lane; number: number } | { kind: 'idle' })[] = [];
  let asked = 0;
  let holding = 0;
  return {
    served,
    events,
    get holding() {
      return holding;
    },
    ask(lane: Lane) {
      const number = asked++;
      events.push({ kind: 'ask', lane, number });
      void turns.take(lane).then(() => {
        holding += 1;
        served.push({ lane, asked: number });
        events.push({ kind: 'start', lane, number });
      });
    },
    give() {
      holding -= 1;
      turns.give();
      if (served.length === asked) events.push({ kind: 'idle' });
    },
  };
}

describe('connectionTurns', () => {
  it('serves a waiting request before background work that asked earlier', async () => {
    const turns = turnsUnderTest();
    turns.ask('background');
    turns.ask('background');
    turns.ask('background');
    turns.ask('foreground');
    await settled();
    turns.give();
    await settled();
    expect(turns.served.map(({ lane, asked }) => `${lane} ${asked}`)).toEqual(['background 0', 'foreground 3']);
  });

  it('says whether a request waits for the connection', async () => {
    const turns = connectionTurns();
    await turns.take('background');
    const background = turns.take('background');
    expect(turns.foregroundWaiting()).toBe(false);
    const request = turns.take('foreground');
    expect(turns.foregroundWaiting()).toBe(true);
    turns.give();
    await request;
    expect(turns.foregroundWaiting()).toBe(false);
    turns.give();
    await background;
  });

  it('lets background work through after a run of requests', async () => {
    const turns = turnsUnderTest();
    turns.ask('foreground');
    turns.ask('background');
    for (let i = 0; i < FOREGROUND_TURNS_IN_A_ROW + 2; i += 1) turns.ask('foreground');
    for (let i = 0; i < FOREGROUND_TURNS_IN_A_ROW + 3; i += 1) {
      await settled();
      turns.give();
    }
    await settled();
    const lanes = turns.served.map(({ lane }) => lane);
    expect(lanes.indexOf('background')).toBe(FOREGROUND_TURNS_IN_A_ROW);
    expect(lanes).toHaveLength(FOREGROUND_TURNS_IN_A_ROW + 4);
  });

  it('holds one at a time, serves everyone, each lane in order, and background never waits long', async () => {
    // Requests outnumber background work, so that runs of requests long enough to test the rule come up.
    const step = fc.oneof(
      { arbitrary: fc.constant<Lane>('foreground'), weight: 5 },
      { arbitrary: fc.constant<Lane>('background'), weight: 1 },
      { arbitrary: fc.constant('give' as const), weight: 3 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 120, size: 'max' }), async (steps) => {
        const turns = turnsUnderTest();
        for (const next of steps) {
          if (next === 'give') {
            if (turns.holding > 0) turns.give();
          } else turns.ask(next);
          await settled();
          expect(turns.holding).toBeLessThanOrEqual(1);
        }
        while (turns.holding > 0) {
          turns.give();
          await settled();
        }
        const asked = steps.filter((s) => s !== 'give').length;
        expect(turns.served).toHaveLength(asked);
        for (const lane of ['foreground', 'background'] as const) {
          const order = turns.served.filter((s) => s.lane === lane).map((s) => s.asked);
          expect(order).toEqual([...order].sort((a, b) => a - b));
        }
        // Whenever background work waits, the requests served in a row since the last background turn stay few.
        const backgroundWaiting = new Set<number>();
        let requestsInARow = 0;
        for (const event of turns.events) {
          if (event.kind === 'idle') requestsInARow = 0;
          else if (event.kind === 'ask' && event.lane === 'background') backgroundWaiting.add(event.number);
          else if (event.kind === 'start' && event.lane === 'background') {
            backgroundWaiting.delete(event.number);
            requestsInARow = 0;
          } else if (event.kind === 'start') {
            requestsInARow += 1;
            if (backgroundWaiting.size > 0) expect(requestsInARow).toBeLessThanOrEqual(FOREGROUND_TURNS_IN_A_ROW);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('requestsBeingServed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether `quiet()` has resolved after `ms` more milliseconds. */
  async function quietAfter(promise: Promise<void>, ms: number): Promise<boolean> {
    let resolved = false;
    void promise.then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(ms);
    return resolved;
  }

  it('lets background work go at once when no request is being served', async () => {
    vi.useFakeTimers();
    const requests = requestsBeingServed();
    expect(await quietAfter(requests.quiet(), 0)).toBe(true);
    requests.started()();
    expect(await quietAfter(requests.quiet(), 0)).toBe(true);
  });

  it('holds background work until the last request being served is answered', async () => {
    vi.useFakeTimers();
    const requests = requestsBeingServed();
    const first = requests.started();
    const second = requests.started();
    const quiet = requests.quiet();
    expect(await quietAfter(quiet, 5)).toBe(false);
    first();
    first();
    expect(await quietAfter(quiet, 5)).toBe(false);
    second();
    expect(await quietAfter(quiet, 0)).toBe(true);
  });

  it('holds a background statement back for a while at most, and a slow request for a while at most', async () => {
    vi.useFakeTimers();
    const requests = requestsBeingServed();
    requests.started();
    const quiet = requests.quiet();
    expect(await quietAfter(quiet, BACKGROUND_WAIT_MS - 1)).toBe(false);
    expect(await quietAfter(quiet, 1)).toBe(true);
    await vi.advanceTimersByTimeAsync(REQUEST_HOLD_MS - BACKGROUND_WAIT_MS);
    expect(await quietAfter(requests.quiet(), 0)).toBe(true);
  });
});

describe('the embedded database in two lanes', () => {
  it('runs a request statement before the background statements queued ahead of it, and both see one database', async () => {
    const database = await createDb({ kind: 'pglite' });
    try {
      await sql`create table lane_log (id serial primary key, lane text not null)`.execute(database.db);
      const finished: string[] = [];
      const write = (db: typeof database.db, lane: string) =>
        sql`insert into lane_log (lane) values (${lane})`.execute(db).then(() => finished.push(lane));
      const background = Array.from({ length: 5 }, (_, i) => write(database.backgroundDb, `background ${i}`));
      const request = write(database.db, 'request');
      await Promise.all([...background, request]);
      expect(finished.indexOf('request')).toBeLessThanOrEqual(1);
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from lane_log`.execute(database.backgroundDb);
      expect(rows[0]!.count).toBe(6);
    } finally {
      await database.close();
    }
  });

  it('holds background statements back while a request is being served', async () => {
    const database = await createDb({ kind: 'pglite' });
    try {
      const order: string[] = [];
      const end = database.requestStarted!();
      const background = sql`select 1`.execute(database.backgroundDb).then(() => order.push('background'));
      await sql`select 1`.execute(database.db).then(() => order.push('request, first statement'));
      await sql`select 1`.execute(database.db).then(() => order.push('request, second statement'));
      end();
      await background;
      expect(order).toEqual(['request, first statement', 'request, second statement', 'background']);
    } finally {
      await database.close();
    }
  });

  it('keeps a background transaction whole while requests wait for it', async () => {
    const database = await createDb({ kind: 'pglite' });
    try {
      await sql`create table lane_counter (n int not null)`.execute(database.db);
      await sql`insert into lane_counter values (0)`.execute(database.db);
      let read: Promise<number> | undefined;
      await database.backgroundDb.transaction().execute(async (trx) => {
        await sql`update lane_counter set n = 1`.execute(trx);
        // A request asking while the transaction is half done waits for its end, however long it takes.
        read = sql<{ n: number }>`select n from lane_counter`.execute(database.db).then(({ rows }) => rows[0]!.n);
        await settled();
        await sql`update lane_counter set n = 2`.execute(trx);
      });
      const seen = [await read];
      expect(seen).toEqual([2]);
    } finally {
      await database.close();
    }
  });
});

describe('turnsOfTheLoop', () => {
  /** Whether the loop turned before a result was handed back, after statements held the thread past HOLD_MS. */
  async function turnedBeforeResult(requestWaiting: boolean): Promise<boolean> {
    const afterStatement = turnsOfTheLoop({ foregroundWaiting: () => requestWaiting });
    const heldFrom = performance.now();
    while (performance.now() - heldFrom <= HOLD_MS) {
      // The thread held, as by a long statement.
    }
    let turned = false;
    setImmediate(() => (turned = true));
    await afterStatement();
    return turned;
  }

  it('turns the loop before handing back the result of statements that held the thread', async () => {
    expect(await turnedBeforeResult(false)).toBe(true);
  });

  it('hands the result back at once when a request waits for the connection, which then goes to it', async () => {
    expect(await turnedBeforeResult(true)).toBe(false);
  });
});

describe('the embedded database, running in this thread', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createDb({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A statement that holds the thread longer than the database may before the event loop turns. */
  const longStatement = (db: Kysely<Database> = database.db) => sql`select pg_sleep(${(HOLD_MS + 1) / 1000})`.execute(db);

  it('lets the event loop serve what waits between long statements awaited back to back', async () => {
    const order: string[] = [];
    for (const statement of ['first', 'second', 'third']) {
      // A request that arrived while the previous statement ran.
      setImmediate(() => order.push(`waiting before the ${statement}`));
      await longStatement();
      order.push(statement);
    }
    expect(order).toEqual([
      'waiting before the first',
      'first',
      'waiting before the second',
      'second',
      'waiting before the third',
      'third',
    ]);
  });

  it('lets short statements in a row share a turn', async () => {
    let turns = 0;
    let counting = true;
    const countTurns = () => {
      turns += 1;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    for (let statement = 0; statement < 50; statement += 1) await sql`select 1`.execute(database.db);
    counting = false;
    expect(turns).toBeLessThan(25);
  });

  it('keeps a transaction whole: a turn between its statements lets no other statement in', async () => {
    await sql`create table counter (n int not null)`.execute(database.db);
    await sql`insert into counter values (0)`.execute(database.db);
    const seen: number[] = [];
    await Promise.all([
      database.db.transaction().execute(async (trx) => {
        await sql`update counter set n = n + 1`.execute(trx);
        await longStatement(trx);
        await sql`update counter set n = n + 1`.execute(trx);
      }),
      (async () => {
        await new Promise<void>((resume) => setImmediate(resume));
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(database.db);
        seen.push(rows[0]!.n);
      })(),
    ]);
    expect(seen).toEqual([2]);
  });
});
