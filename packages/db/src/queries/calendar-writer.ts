import { sql } from 'kysely';
import type { Db } from '../client.js';

/*
 * One writer to a calendar at a time (migration 0022). A write-back stamps the connection when it begins and clears
 * the stamp when it ends; a disconnect first closes the connection to new write-backs, then waits for the stamp to
 * clear before it takes Breaker's events out. A stamp older than the lease is a writer that died (a process killed
 * mid-write): it no longer holds a disconnect up.
 */

/** Longer than any write-back runs: each provider request gives up well within it. */
export const WRITE_BACK_LEASE_SECONDS = 120;

/** A write-back begins; false when the connection is gone or no longer takes writes (being disconnected, expired). */
export async function beginWriteBack(db: Db, connectionId: string): Promise<boolean> {
  const stamped = await db
    .updateTable('calendar_connections')
    .set({ write_back_since: sql<Date>`now()` })
    .where('id', '=', connectionId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return stamped.numUpdatedRows > 0n;
}

export async function endWriteBack(db: Db, connectionId: string): Promise<void> {
  await db.updateTable('calendar_connections').set({ write_back_since: null }).where('id', '=', connectionId).execute();
}

/** A disconnect begins: no write-back starts on this connection from now on. */
export async function closeToWriteBacks(db: Db, connectionId: string): Promise<void> {
  await db.updateTable('calendar_connections').set({ status: 'disconnecting' }).where('id', '=', connectionId).execute();
}

/** Whether a write-back that began within the lease is still running on the connection. */
export async function writeBackRunning(db: Db, connectionId: string): Promise<boolean> {
  const running = await db
    .selectFrom('calendar_connections')
    .select('id')
    .where('id', '=', connectionId)
    .where('write_back_since', '>', sql<Date>`now() - make_interval(secs => ${WRITE_BACK_LEASE_SECONDS})`)
    .executeTakeFirst();
  return running !== undefined;
}
