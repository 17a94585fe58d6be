import { describe, expect, it } from 'vitest';
import { newPreferences } from '../default-preferences.js';
import { insertTestUser, type TestBackend } from '../testing.js';
import { useScratchDatabase } from '../scratch-database.test-support.js';
import {
  createUserWithSignInIdentity,
  findUserBySignInIdentity,
  linkSignInIdentity,
  listSignInIdentities,
} from './sign-in-identities.js';
import { findUserById } from './users.js';

const ISSUER = 'https://id.example.test/realms/breaker';

describe.each<TestBackend>(['pglite', 'postgres'])('sign-in identities on %s', (kind) => {
  const database = useScratchDatabase(kind);

  it('creates a user with preferences and an identity, and finds the user by issuer and subject only', async () => {
    const identity = { issuer: ISSUER, subject: `sub-${kind}`, email: `ada-${kind}@example.test` };
    const user = await createUserWithSignInIdentity(
      database().db,
      { username: `ada-${kind}`, email: identity.email, first_name: 'Ada' },
      newPreferences(),
      identity,
    );
    // Inserting the preferences moves the plan version after the user row was returned.
    expect(await findUserBySignInIdentity(database().db, ISSUER, identity.subject)).toEqual({
      ...user,
      plan_version: expect.anything(),
    });
    expect(await findUserBySignInIdentity(database().db, `${ISSUER}-other`, identity.subject)).toBeUndefined();
    expect(await findUserBySignInIdentity(database().db, ISSUER, `${identity.subject}-other`)).toBeUndefined();
    const preferences = await database().db.selectFrom('preferences').select('user_id').where('user_id', '=', user.id).execute();
    expect(preferences).toHaveLength(1);
  });

  it('links several identities to one user, refuses a pair already linked, and leaves no user behind a failed creation', async () => {
    const { user } = await insertTestUser(database().db, { username: `grace-${kind}` });
    const first = { issuer: ISSUER, subject: `grace-${kind}`, email: null };
    const second = { issuer: 'https://login.microsoftonline.com/tenant/v2.0', subject: `grace-${kind}`, email: null };
    await linkSignInIdentity(database().db, user.id, first);
    await linkSignInIdentity(database().db, user.id, second);
    expect((await listSignInIdentities(database().db, user.id)).map((i) => i.issuer).sort()).toEqual(
      [first.issuer, second.issuer].sort(),
    );
    await expect(linkSignInIdentity(database().db, user.id, first)).rejects.toThrow();

    const username = `not-made-${kind}`;
    await expect(createUserWithSignInIdentity(database().db, { username }, newPreferences(), first)).rejects.toThrow();
    const left = await database().db.selectFrom('users').select('id').where('username', '=', username).execute();
    expect(left).toEqual([]);
  });

  it('goes with its user when the user is deleted', async () => {
    const { user } = await insertTestUser(database().db, { username: `leaver-${kind}` });
    await linkSignInIdentity(database().db, user.id, { issuer: ISSUER, subject: `leaver-${kind}`, email: null });
    await database().db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await findUserById(database().db, user.id)).toBeUndefined();
    expect(await listSignInIdentities(database().db, user.id)).toEqual([]);
  });
});
