import {
  deleteSession,
  deleteUserSessions,
  extendSession,
  findSessionWithUpcomingBreaks,
  findSessionWithUser,
  generateSecret,
  hashSecret,
  insertSession,
  isWellFormedSecret,
  type Db,
  type SessionWithUser,
  type UpcomingBreakJson,
  type UserRow,
} from '@breaker/db';

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
  /** The expiry moved forward on this request, so the browser's cookie needs the new one. */
  extended: boolean;
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

/**
 * Sliding expiry: a session used in the second half of its idle lifetime is extended, never past its absolute limit.
 * Only then is it written, so most requests read the session without a write.
 */
async function applyExpiry(db: Db, found: SessionWithUser, now: Date): Promise<ValidSession | null> {
  const { session, user } = found;
  const nowMs = now.getTime();
  if (session.expiresAt.getTime() <= nowMs || session.absoluteExpiresAt.getTime() <= nowMs) {
    await deleteSession(db, session.id);
    return null;
  }
  if (session.expiresAt.getTime() - nowMs >= IDLE_LIFETIME_MS / 2) {
    return { sessionId: session.id, user, expiresAt: session.expiresAt, extended: false };
  }
  const expiresAt = new Date(Math.min(nowMs + IDLE_LIFETIME_MS, session.absoluteExpiresAt.getTime()));
  await extendSession(db, session.id, expiresAt);
  return { sessionId: session.id, user, expiresAt, extended: true };
}

export async function validateSessionToken(db: Db, token: string, now: Date): Promise<ValidSession | null> {
  if (!isWellFormedSecret(token)) return null;
  const found = await findSessionWithUser(db, hashSecret(token));
  return found ? applyExpiry(db, found, now) : null;
}

/** The same check, with the user's upcoming breaks read in the same statement (the product's most frequent read). */
export async function validateSessionTokenWithUpcomingBreaks(
  db: Db,
  token: string,
  now: Date,
): Promise<{ session: ValidSession; upcomingBreaks: UpcomingBreakJson[] } | null> {
  if (!isWellFormedSecret(token)) return null;
  const found = await findSessionWithUpcomingBreaks(db, hashSecret(token), now);
  if (!found) return null;
  const session = await applyExpiry(db, found, now);
  return session ? { session, upcomingBreaks: found.upcomingBreaks } : null;
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

export async function invalidateAllSessions(db: Db, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}
