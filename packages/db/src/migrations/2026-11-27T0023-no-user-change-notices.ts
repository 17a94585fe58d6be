import type { Kysely } from 'kysely';
import * as userChangeNotices from './2026-11-26T0021-user-change-notices.js';

/*
 * Takes out migration 0021's notices. A transaction that queues a notification commits under a lock held across the
 * whole PostgreSQL server, so with a notice in every planning commit commits stopped being grouped: bulk planning ran
 * about 4 times slower. The session reads of conditional requests are grouped into one statement per batch instead of
 * kept in memory (docs/decisions/017-grouped-session-reads.md), and nothing listens any more.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await userChangeNotices.down(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await userChangeNotices.up(db);
}
