import type { Insertable, Transaction } from 'kysely';
import type { Database, NewUser, PreferencesTable, UserRow } from '../schema.js';

/**
 * The user and their preferences, inside the caller's transaction: every way of opening an account goes through
 * here, so no user ever exists without preferences.
 */
export async function insertUserAndPreferences(
  trx: Transaction<Database>,
  user: NewUser,
  preferences: Omit<Insertable<PreferencesTable>, 'user_id'>,
): Promise<UserRow> {
  const created = await trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  await trx
    .insertInto('preferences')
    .values({ ...preferences, user_id: created.id })
    .execute();
  return created;
}
