import { AppError } from '@breaker/api-contract';
import { findUserByEmail, findUserByUsername, insertUserWithPreferences, newPreferences, type UserRow } from '@breaker/db';
import type { AppDeps } from '../deps.js';
import { freeUsername, isUniqueViolation } from './accounts.js';

const TEST_USERNAME = 'testuser';

/** Development sign-ins exist only when ALLOW_DEV_LOGIN=true; otherwise they look like any unknown path. */
function assertDevLoginAllowed(deps: AppDeps, what: string): void {
  if (!deps.config.allowDevLogin) throw new AppError('NOT_FOUND', 'Not found');
  deps.log.warn({ devLogin: what }, 'development sign-in used');
}

/** The spec's test user: 3 breaks a day, 08:00 to 17:00, weekly view, hourly sync (the defaults). */
export async function findOrCreateTestUser(deps: AppDeps): Promise<UserRow> {
  assertDevLoginAllowed(deps, 'test user');
  const existing = await findUserByUsername(deps.db, TEST_USERNAME);
  if (existing) return existing;
  return insertUserWithPreferences(
    deps.db,
    { username: TEST_USERNAME, email: 'testuser@example.com', first_name: 'Test', last_name: 'User' },
    newPreferences(),
  ).catch(async (error: unknown) => {
    const winner = isUniqueViolation(error) ? await findUserByUsername(deps.db, TEST_USERNAME) : undefined;
    if (!winner) throw error;
    return winner;
  });
}

/** Emergency access: the account with that e-mail, created if missing, without a password. */
export async function findOrCreateUserByEmail(deps: AppDeps, email: string, address: string): Promise<UserRow> {
  assertDevLoginAllowed(deps, 'emergency e-mail login');
  await deps.limits.consume('emergencyLogin', address, email);
  const existing = await findUserByEmail(deps.db, email);
  if (existing) return existing;
  const username = await freeUsername(deps.db, email.split('@')[0] ?? 'user');
  return insertUserWithPreferences(deps.db, { username, email }, newPreferences());
}
