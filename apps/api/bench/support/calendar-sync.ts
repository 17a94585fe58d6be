import type { TestClient } from '../../src/app.test-support.js';

/** What a calendar's server (a fake or Radicale) received: forgotten before a sync, read after it. */
export interface ServerRecorder<Seen> {
  forget(): void;
  read(): Seen[];
}

/**
 * One sync of the user's calendar through the API, and what the calendar's server received for it. The jobs a sync
 * starts (planning, writing breaks back) are let finish before and after, so only the sync's own requests count.
 */
export async function syncRecorded<Seen>(
  client: TestClient,
  userId: string,
  server: ServerRecorder<Seen>,
  settle: () => Promise<void>,
): Promise<Seen[]> {
  await settle();
  server.forget();
  const answer = await client.request('POST', `/api/calendar/sync/${userId}`);
  if (answer.statusCode !== 200) throw new Error(`sync answered ${answer.statusCode}: ${answer.body}`);
  await settle();
  return server.read();
}
