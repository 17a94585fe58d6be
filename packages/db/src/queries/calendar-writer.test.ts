import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectTestFeed, insertTestUser, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import { markConnectionStatus, markConnectionSynced } from './calendar.js';
import {
  beginWriteBack,
  closeToWriteBacks,
  endWriteBack,
  WRITE_BACK_LEASE_SECONDS,
  writeBackRunning,
} from './calendar-writer.js';

describe.each<TestBackend>(['postgres', 'pglite'])('one writer to a calendar at a time, on %s', (kind) => {
  const database = useScratchDatabase(kind);

  async function newConnection(name: string): Promise<string> {
    const { user } = await insertTestUser(database().db, { username: `${name}-${kind}` });
    return (await connectTestFeed(database().db, user.id)).id;
  }

  it('a write-back is seen running from its start to its end', async () => {
    const connection = await newConnection('writer');
    expect(await writeBackRunning(database().db, connection)).toBe(false);
    expect(await beginWriteBack(database().db, connection)).toBe(true);
    expect(await writeBackRunning(database().db, connection)).toBe(true);
    await endWriteBack(database().db, connection);
    expect(await writeBackRunning(database().db, connection)).toBe(false);
  });

  it('no write-back begins once a disconnect has begun, and neither a sync nor an expiry reopens the connection', async () => {
    const connection = await newConnection('closing');
    await closeToWriteBacks(database().db, connection);
    expect(await beginWriteBack(database().db, connection)).toBe(false);
    await markConnectionSynced(database().db, connection, new Date());
    await markConnectionStatus(database().db, connection, 'needs_reconnection');
    expect(await beginWriteBack(database().db, connection)).toBe(false);
    const row = await database()
      .db.selectFrom('calendar_connections')
      .select('status')
      .where('id', '=', connection)
      .executeTakeFirst();
    expect(row?.status).toBe('disconnecting');
  });

  it('a connection that needs reconnecting takes no write-back', async () => {
    const connection = await newConnection('expired');
    await markConnectionStatus(database().db, connection, 'needs_reconnection');
    expect(await beginWriteBack(database().db, connection)).toBe(false);
  });

  it('a writer that died mid-write holds nobody up after the lease', async () => {
    const connection = await newConnection('died');
    await beginWriteBack(database().db, connection);
    await database()
      .db.updateTable('calendar_connections')
      .set({ write_back_since: sql<Date>`now() - make_interval(secs => ${WRITE_BACK_LEASE_SECONDS + 1})` })
      .where('id', '=', connection)
      .execute();
    expect(await writeBackRunning(database().db, connection)).toBe(false);
  });
});
