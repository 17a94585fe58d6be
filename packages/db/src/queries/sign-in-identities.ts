import type { Db } from '../client.js';
import type { NewPreferences } from '../default-preferences.js';
import type { NewUser, SignInIdentityRow, UserRow } from '../schema.js';
import { insertUserAndPreferences } from './new-user.js';

/** Who a provider vouches for: its issuer, its subject id for the person, and the e-mail it gave. */
export interface SignInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
}

export function findUserBySignInIdentity(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('sign_in_identities')
    .innerJoin('users', 'users.id', 'sign_in_identities.user_id')
    .selectAll('users')
    .where('sign_in_identities.issuer', '=', issuer)
    .where('sign_in_identities.subject', '=', subject)
    .executeTakeFirst();
}

/** Creates the user, their preferences and their identity together: no half-made single-sign-on account exists. */
export function createUserWithSignInIdentity(
  db: Db,
  user: NewUser,
  preferences: NewPreferences,
  identity: SignInIdentity,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const created = await insertUserAndPreferences(trx, user, preferences);
    await trx
      .insertInto('sign_in_identities')
      .values({ ...identity, user_id: created.id })
      .execute();
    return created;
  });
}

/** Adds an identity to an existing user; the (issuer, subject) pair belongs to one user only, so a second link fails. */
export function linkSignInIdentity(db: Db, userId: string, identity: SignInIdentity): Promise<SignInIdentityRow> {
  return db
    .insertInto('sign_in_identities')
    .values({ ...identity, user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listSignInIdentities(db: Db, userId: string): Promise<SignInIdentityRow[]> {
  return db.selectFrom('sign_in_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}
