import {
  createDb,
  insertUserWithPreferences,
  migrateToLatest,
  newPreferences,
  seedCatalogue,
  type DatabaseConfig,
} from '@breaker/db';
import { hashPassword } from '../../src/auth/passwords.js';
import { createSession } from '../../src/auth/sessions.js';

export const SEEDED_PASSWORD = 'correct horse battery';

export interface SeededUser {
  id: string;
  username: string;
  /** The Cookie header that signs this user in. */
  cookie: string;
}

/**
 * Users with a signed-in session each, written straight into the database before the API starts (one password hash
 * for all: hashing 1,000 passwords would time argon2, not the API). Their breaks are planned later, through the API.
 */
export async function seedUsers(config: DatabaseConfig, count: number): Promise<SeededUser[]> {
  const database = await createDb(config);
  try {
    await migrateToLatest(database.db);
    await seedCatalogue(database.db);
    const passwordHash = await hashPassword(SEEDED_PASSWORD);
    const users: SeededUser[] = [];
    for (let i = 0; i < count; i += 1) {
      const username = `load${i}`;
      const user = await insertUserWithPreferences(
        database.db,
        { username, email: `${username}@example.com`, password_hash: passwordHash },
        newPreferences({ break_frequency: 5, work_days: [1, 2, 3, 4, 5, 6, 7], timezone: 'Europe/Berlin' }),
      );
      const { token } = await createSession(database.db, user.id, new Date());
      users.push({ id: user.id, username, cookie: `breaker_session=${token}` });
    }
    return users;
  } finally {
    await database.close();
  }
}

/** Plans every user's breaks through the API, a few at a time, so each has a realistic upcoming-breaks answer. */
export async function planBreaks(url: string, users: readonly SeededUser[], parallel = 4): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < users.length) {
      const user = users[next]!;
      next += 1;
      const response = await fetch(`${url}/api/refresh-breakers/${user.id}`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin: url },
      });
      if (!response.ok) throw new Error(`refresh for ${user.username} answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
