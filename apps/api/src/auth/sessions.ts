import {
  deleteSession,
  deleteUserSessions,
  extendSession,
  findSessionWithUser,
  insertSession,
  type Db,
  type UserRow,
} from '@breaker/db';
import { generateSecret, hashSecret, isWellFormedSecret } from './secrets.js';

/**
 * Every session rule lives here (see docs/decisions/001-sessions.md): a 160-bit secret from the
 * CSPRNG goes to the browser; only its SHA-256 is stored, so a database leak yields no usable cookie.
 */
const IDLE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface ValidSession {
  sessionId: string;
  user: UserRow;
  expiresAt: Date;
}

export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSecret();
  const expiresAt = new Date(now.getTime() + IDLE_LIFETIME_MS);
  await insertSession(db, {
    id: hashSecret(token),
    userId,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + ABSOLUTE_LIFETIME_MS),
  });
  return { token, expiresAt };
}

/** Sliding expiry: a session used in the second half of its idle lifetime is extended, never past its absolute limit. */
export async function validateSessionToken(db: Db, token: string, now: Date): Promise<ValidSession | null> {
  if (!isWellFormedSecret(token)) return null;
  const sessionId = hashSecret(token);
  const found = await findSessionWithUser(db, sessionId);
  if (!found) return null;
  const { session, user } = found;
  const nowMs = now.getTime();
  if (session.expiresAt.getTime() <= nowMs || session.absoluteExpiresAt.getTime() <= nowMs) {
    await deleteSession(db, sessionId);
    return null;
  }
  let expiresAt = session.expiresAt;
  if (expiresAt.getTime() - nowMs < IDLE_LIFETIME_MS / 2) {
    expiresAt = new Date(Math.min(nowMs + IDLE_LIFETIME_MS, session.absoluteExpiresAt.getTime()));
    await extendSession(db, sessionId, expiresAt);
  }
  return { sessionId, user, expiresAt };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

export async function invalidateAllSessions(db: Db, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}
