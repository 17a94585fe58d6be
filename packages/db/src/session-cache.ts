import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { USER_CHANGES } from './migrations/2026-11-26T0021-user-change-notices.js';
import { findSessionWithPlanDay, type SessionWithPlanDay } from './queries/sessions.js';
import type { Db } from './client.js';

/**
 * The session reads of conditional requests, kept in memory (docs/decisions/015-session-cache.md): a 304 decided from
 * here costs no statement of its own. An entry is what `findSessionWithPlanDay` read (session, user, plan version, the
 * user's today), by session id. It goes when PostgreSQL says the user changed (the triggers of migration 0021), when
 * their next day starts (the database's instant: no zone is worked out here), after MAX_AGE_MS, or when it is the least
 * recently used of MAX_ENTRIES.
 *
 * A kept entry is used only after a sync: a notice the listening connection sends itself after the read began. Notices
 * come in commit order, so once it is back every change committed before the read began has dropped what it made
 * stale, in this process or another. Syncs are shared:
 * the reads that arrive while one is on its way wait for the next one, so there is one per batch, not per read.
 */
export const MAX_ENTRIES = 10_000;
export const MAX_AGE_MS = 30_000;

interface Entry {
  found: SessionWithPlanDay;
  todayStartMs: number;
  nextDayStartMs: number;
  storedAtMs: number;
}

/** A database connection that PostgreSQL notifies: the statements a cache needs of it. */
export interface NoticeChannel {
  /** Resolves once every notification committed before the call has been handed to the cache. */
  sync(): Promise<void>;
}

export class SessionPlanDayCache {
  /** By session id, least recently used first. */
  readonly #entries = new Map<string, Entry>();
  readonly #byUser = new Map<string, Set<string>>();
  /** Moves with every notification, connection and loss: a read that saw it move stores nothing. */
  #generation = 0;
  #channel: NoticeChannel | null = null;

  constructor(readonly clock: () => number = () => performance.now()) {}

  /** Whether the listening connection is up: entries are neither used nor stored otherwise. */
  get listening(): boolean {
    return this.#channel !== null;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The session and plan day of `sessionId` at `now`, kept or read by `load` (which must read the database). */
  async read(
    sessionId: string,
    now: Date,
    load: () => Promise<SessionWithPlanDay | undefined>,
  ): Promise<SessionWithPlanDay | undefined> {
    const channel = this.#channel;
    if (!channel) return load();
    try {
      await channel.sync();
    } catch {
      return load(); // the connection is going: its loss empties the cache
    }
    // Taken after the sync and before the read: a change committed while it runs may or may not be in what it reads.
    const generation = this.#generation;
    const kept = this.#entries.get(sessionId);
    if (kept && this.#current(kept, now.getTime())) {
      this.#entries.delete(sessionId);
      this.#entries.set(sessionId, kept);
      return kept.found;
    }
    if (kept) this.#forgetSession(sessionId, kept.found.user.id);
    const found = await load();
    if (found && this.#channel === channel && this.#generation === generation) this.#store(sessionId, found);
    return found;
  }

  /** The listening connection is up (again): nothing read before now is trusted. */
  connected(channel: NoticeChannel): void {
    this.#reset();
    this.#channel = channel;
  }

  /** The listening connection is lost: notifications may be missed until it is back. */
  disconnected(): void {
    this.#channel = null;
    this.#reset();
  }

  userChanged(userId: string): void {
    this.#generation += 1;
    for (const sessionId of this.#byUser.get(userId) ?? []) this.#entries.delete(sessionId);
    this.#byUser.delete(userId);
  }

  #current(entry: Entry, nowMs: number): boolean {
    const fresh = this.clock() - entry.storedAtMs < MAX_AGE_MS;
    return fresh && entry.todayStartMs <= nowMs && nowMs < entry.nextDayStartMs;
  }

  #store(sessionId: string, found: SessionWithPlanDay): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      const [oldestId, oldest] = this.#entries.entries().next().value as [string, Entry];
      this.#forgetSession(oldestId, oldest.found.user.id);
    }
    const { todayStart, nextDayStart } = found.planDay;
    const entry = {
      found,
      todayStartMs: Date.parse(todayStart),
      nextDayStartMs: Date.parse(nextDayStart),
      storedAtMs: this.clock(),
    };
    this.#entries.set(sessionId, entry);
    const sessions = this.#byUser.get(found.user.id) ?? new Set<string>();
    sessions.add(sessionId);
    this.#byUser.set(found.user.id, sessions);
  }

  #forgetSession(sessionId: string, userId: string): void {
    this.#entries.delete(sessionId);
    const sessions = this.#byUser.get(userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.#byUser.delete(userId);
  }

  #reset(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#byUser.clear();
  }
}

/**
 * A sync is a notice this connection sends itself: it comes back after every notice committed before it (PostgreSQL
 * queues them in commit order), and only if notices reach this connection at all (behind a pooler in transaction mode
 * they would not: the sync fails, and reads go to the database).
 */
const SYNC_PREFIX = 'sync:';
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
/** A connection that stopped answering without closing is found out by this statement timing out. */
const HEARTBEAT_MS = 10_000;
const STATEMENT_TIMEOUT_MS = 5_000;

export interface NoticeListener {
  close(): Promise<void>;
}

/**
 * Holds one connection of its own listening to USER_CHANGES and feeds `cache` from it; reconnects after a loss, longer
 * waits each time up to RETRY_MAX_MS. `onLoss` hears why a connection went.
 */
export function listenForUserChanges(url: string, cache: SessionPlanDayCache, onLoss: (error: Error) => void): NoticeListener {
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retry: NodeJS.Timeout | undefined;
  let current: pg.Client | undefined;

  const open = async () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: 'breaker-user-changes',
      connectionTimeoutMillis: 3000,
      query_timeout: STATEMENT_TIMEOUT_MS,
    });
    current = client;
    const heartbeat: { timer?: NodeJS.Timeout } = {};
    let lost = false;
    const lose = (error: Error) => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat.timer);
      cache.disconnected();
      void client.end().catch(() => {});
      if (closed) return;
      onLoss(error);
      retry = setTimeout(() => void open(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the listening connection closed')));
    // Every listening connection hears every process's syncs: each knows its own by a prefix of its own.
    const ownSyncs = `${SYNC_PREFIX}${randomUUID()}:`;
    let lastSync = '';
    client.on('notification', ({ channel, payload }) => {
      if (channel !== USER_CHANGES || !payload) return;
      if (!payload.startsWith(SYNC_PREFIX)) cache.userChanged(payload);
      else if (payload.startsWith(ownSyncs)) lastSync = payload;
    });
    try {
      await client.connect();
      await client.query(`listen ${USER_CHANGES}`);
    } catch (error) {
      lose(error as Error);
      return;
    }
    if (lost || closed) return;
    retryMs = RETRY_MIN_MS;
    let syncs = 0;
    const sync = sharedSync(async () => {
      const token = `${ownSyncs}${(syncs += 1)}`;
      await client.query('select pg_notify($1, $2)', [USER_CHANGES, token]);
      // A notice of its own transaction reaches the connection before the statement's answer does.
      if (lastSync !== token) throw new Error('notices do not reach the listening connection');
    });
    // A failed sync means notices may be missed: the connection is dropped and opened again.
    const checkedSync = () => sync().catch((error: Error) => (lose(error), Promise.reject(error)));
    heartbeat.timer = setInterval(() => checkedSync().catch(() => {}), HEARTBEAT_MS).unref();
    cache.connected({ sync: checkedSync });
  };
  void open();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      cache.disconnected();
      await current?.end().catch(() => {});
    },
  };
}

/**
 * `run` shared between callers: a caller gets a run that starts after its call. While one is on its way, the callers
 * that arrive all get the single next one, sent when it is back (the connection runs one statement at a time anyway).
 */
export function sharedSync(run: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const started = run().finally(() => {
      if (inFlight === started) inFlight = null;
    });
    inFlight = started;
    return started;
  };
  return () => {
    if (next) return next;
    if (!inFlight) return start();
    const following = inFlight
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    next = following;
    return following;
  };
}

interface Kept {
  cache: SessionPlanDayCache;
  /** Opened at the first read, so a process that reads no session (the worker) holds no listening connection. */
  listener: NoticeListener | null;
  listen(): NoticeListener;
}

/** The caches of the PostgreSQL databases this process opened, by the database they read through. */
const kept = new WeakMap<Db, Kept>();

/** Gives `db` (PostgreSQL at `url`) a cache; the function returned closes its listening connection, if any. */
export function keepSessionsOf(db: Db, url: string, onLoss: (error: Error) => void): () => Promise<void> {
  const cache = new SessionPlanDayCache();
  const entry: Kept = { cache, listener: null, listen: () => listenForUserChanges(url, cache, onLoss) };
  kept.set(db, entry);
  return async () => {
    kept.delete(db);
    await entry.listener?.close();
  };
}

/** The cache of `db`, listening from now on; undefined for a database without one. */
export function sessionCacheOf(db: Db): SessionPlanDayCache | undefined {
  const entry = kept.get(db);
  if (entry && !entry.listener) entry.listener = entry.listen();
  return entry?.cache;
}

/**
 * `findSessionWithPlanDay` through the database's cache, for the reads of conditional requests. Without one (PGlite:
 * one process, whose reads cost no network) it reads the database.
 */
export function findKeptSessionWithPlanDay(db: Db, sessionId: string, now: Date): Promise<SessionWithPlanDay | undefined> {
  const cache = sessionCacheOf(db);
  const load = () => findSessionWithPlanDay(db, sessionId, now);
  return cache ? cache.read(sessionId, now, load) : load();
}
