import { AppError } from '@breaker/api-contract';
import { findUserByEmail, findUserByUsername, insertUserWithPreferences, type UserRow } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { defaultPreferenceRow, isUniqueViolation } from './accounts.js';

const TEST_USERNAME = 'testuser';

/** Development sign-ins exist only when ALLOW_DEV_LOGIN=true; otherwise they look like any unknown path. */
export function assertDevLoginAllowed(deps: AppDeps): void {
  if (!deps.config.allowDevLogin) throw new AppError('NOT_FOUND', 'Not found');
}

/** The spec's test user: 3 breaks a day, 08:00 to 17:00, weekly view, hourly sync (the defaults). */
export async function findOrCreateTestUser(deps: AppDeps): Promise<UserRow> {
  assertDevLoginAllowed(deps);
  const existing = await findUserByUsername(deps.db, TEST_USERNAME);
  if (existing) return existing;
  return insertUserWithPreferences(
    deps.db,
    { username: TEST_USERNAME, email: 'testuser@example.com', first_name: 'Test', last_name: 'User' },
    defaultPreferenceRow(),
  ).catch(async (error: unknown) => {
    const winner = isUniqueViolation(error) ? await findUserByUsername(deps.db, TEST_USERNAME) : undefined;
    if (!winner) throw error;
    return winner;
  });
}

/** Emergency access: the account with that e-mail, created if missing, without a password. */
export async function findOrCreateUserByEmail(deps: AppDeps, email: string, address: string): Promise<UserRow> {
  assertDevLoginAllowed(deps);
  await deps.limits.consume('emergencyLogin', address, email);
  const existing = await findUserByEmail(deps.db, email);
  if (existing) return existing;
  const base = (email.split('@')[0] ?? 'user')
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .slice(0, 40)
    .padEnd(3, '0');
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const username = attempt === 0 ? base : `${base}${attempt + 1}`;
    if (await findUserByUsername(deps.db, username)) continue;
    return insertUserWithPreferences(deps.db, { username, email }, defaultPreferenceRow());
  }
  throw new AppError('CONFLICT', 'Could not find a free username for that e-mail');
}
