import { sql } from 'kysely';
import type { Db } from '../client.js';
import type { NewUser, PreferencesTable, UserRow } from '../schema.js';
import type { Insertable } from 'kysely';

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Creates the user and their preferences together, so no user ever exists without preferences. */
export function insertUserWithPreferences(
  db: Db,
  user: NewUser,
  preferences: Omit<Insertable<PreferencesTable>, 'user_id'>,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const created = await trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    await trx
      .insertInto('preferences')
      .values({ ...preferences, user_id: created.id })
      .execute();
    return created;
  });
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function findUserByGoogleSubject(db: Db, subject: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_subject', '=', subject).executeTakeFirst();
}

/** Keeps a single-sign-on account's name and picture current at each sign-in (Google, Microsoft, OpenID Connect). */
export async function updateSignInProfile(
  db: Db,
  userId: string,
  profile: { first_name: string | null; last_name: string | null; profile_image_url: string | null },
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...profile, updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
