import { sql } from 'kysely';
import type { Db } from '../client.js';
import type { NewUser, PreferencesTable, UserRow } from '../schema.js';
import type { Insertable } from 'kysely';
import { insertUserAndPreferences } from './new-user.js';

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Usernames and e-mail addresses match whatever their case (the indexes are on their lower case). */
function findUserIgnoringCase(db: Db, column: 'username' | 'email', value: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase())
    .executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return findUserIgnoringCase(db, 'username', username);
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return findUserIgnoringCase(db, 'email', email);
}

/** Creates the user and their preferences together, so no user ever exists without preferences. */
export function insertUserWithPreferences(
  db: Db,
  user: NewUser,
  preferences: Omit<Insertable<PreferencesTable>, 'user_id'>,
): Promise<UserRow> {
  return db.transaction().execute((trx) => insertUserAndPreferences(trx, user, preferences));
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
