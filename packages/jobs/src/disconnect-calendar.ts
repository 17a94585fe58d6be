import type { CalendarProvider as ProviderName } from '@breaker/api-contract';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  closeToWriteBacks,
  findCalendarConnection,
  findPreferences,
  removeCalendarConnection,
  writeBackRunning,
  type CalendarConnectionRow,
} from '@breaker/db';
import type { CalendarJobDeps } from './calendar-job-deps.js';
import { providerFor } from './providers/index.js';
import { syncWindow } from './sync-window.js';

/**
 * Disconnects the user's calendar of that provider. First, write-backs stop (the one running ends). Then Breaker's
 * upcoming break events are taken out of it (a write-back with booking off: only events Breaker created are touched),
 * as far as the stored grant or password still allows; when it no longer does, or the server is down, they stay and
 * that is logged in one line, and the connection goes all the same. Then the grant is handed back where the provider
 * takes it (Google). Past breaks stay in the calendar, as they do while connected. Answers whether one was connected.
 */
export async function disconnectCalendar(deps: CalendarJobDeps, userId: string, provider: ProviderName): Promise<boolean> {
  const connection = await findCalendarConnection(deps.db, userId);
  if (connection?.provider === provider) {
    await stopWriteBacks(deps, connection);
    await takeBreaksOut(deps, connection, userId);
    await revokeAccess(deps, connection, userId);
  }
  return removeCalendarConnection(deps.db, userId, provider);
}

/** How often a disconnect looks whether the write-back it waits for has ended. */
const WRITE_BACK_POLL_MS = 50;

/**
 * No write-back starts on the connection from now on, and the one running (if any) ends before the breaks are taken
 * out: an event it wrote afterwards would stay in the calendar, with nothing left in Breaker that knows of it.
 */
async function stopWriteBacks(deps: CalendarJobDeps, connection: CalendarConnectionRow): Promise<void> {
  await closeToWriteBacks(deps.db, connection.id);
  while (await writeBackRunning(deps.db, connection.id)) await sleep(WRITE_BACK_POLL_MS);
}

async function takeBreaksOut(deps: CalendarJobDeps, connection: CalendarConnectionRow, userId: string): Promise<void> {
  const { provider } = connection;
  const writeBack = providerFor(provider).writeBack;
  if (!writeBack) return;
  const timeZone = (await findPreferences(deps.db, userId))?.timezone ?? 'UTC';
  const window = { from: deps.now(), to: syncWindow(timeZone, deps.now()).to };
  try {
    const outcome = await writeBack(deps, connection, userId, window, { bookingEnabled: false, alertsEnabled: false });
    deps.log.info({ userId, provider, ...outcome }, 'breaks taken out of the calendar before disconnecting');
  } catch (error) {
    deps.log.warn(
      { userId, provider, reason: reasonOf(error) },
      'breaks left in the calendar: it no longer accepts changes from Breaker',
    );
  }
}

/** The grant is handed back after the breaks are out (they need it); a provider that cannot take it back is logged. */
async function revokeAccess(deps: CalendarJobDeps, connection: CalendarConnectionRow, userId: string): Promise<void> {
  const { provider } = connection;
  const revoke = providerFor(provider).revokeAccess;
  if (!revoke) return;
  try {
    await revoke(deps, connection);
    deps.log.info({ userId, provider }, 'calendar access handed back to the provider');
  } catch (error) {
    deps.log.warn({ userId, provider, reason: reasonOf(error) }, 'calendar access not handed back: the provider did not answer');
  }
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
