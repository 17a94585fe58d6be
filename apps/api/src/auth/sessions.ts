import {
  deleteSession,
  deleteUserSessions,
  extendSession,
  findSessionWithPlanDay,
  findSessionWithUpcomingBreaks,
  findSessionWithUser,
  generateSecret,
  hashSecret,
  insertSession,
  isWellFormedSecret,
  type BreakFields,
  type Db,
  type PlanDay,
  type SessionWithUser,
  type SessionUser,
} from '@breaker/db';

/**
 * Every session rule lives here (see docs/decisions/001-sessions.md): a 160-bit secret from the
 * CSPRNG goes to the browser; only its SHA-256 is stored, so a database leak yields no usable cookie.
 */
const IDLE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A development sign-in opens a session for one sitting: it is never extended. */
export const DEVELOPMENT_LIFETIME_MS = 60 * 60 * 1000;

export interface ValidSession {
  sessionId: string;
  user: SessionUser;
  expiresAt: Date;
  /** The expiry moved forward on this request, so the browser's cookie needs the new one. */
  extended: boolean;
}

/** Whether sessions opened by development sign-ins are honoured: only while ALLOW_DEV_LOGIN is on. */
export interface SessionPolicy {
  allowDevelopment: boolean;
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  options: { development?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSecret();
  const development = options.development ?? false;
  const expiresAt = new Date(now.getTime() + (development ? DEVELOPMENT_LIFETIME_MS : IDLE_LIFETIME_MS));
  await insertSession(db, {
    id: hashSecret(token),
    userId,
    expiresAt,
    absoluteExpiresAt: development ? expiresAt : new Date(now.getTime() + ABSOLUTE_LIFETIME_MS),
    development,
  });
  return { token, expiresAt };
}

/**
 * Sliding expiry: a session used in the second half of its idle lifetime is extended, never past its absolute limit.
 * Only then is it written, so most requests read the session without a write. A development session presented to a
 * server without development sign-ins is over, like an expired one.
 */
async function applyExpiry(db: Db, found: SessionWithUser, now: Date, policy: SessionPolicy): Promise<ValidSession | null> {
  const { session, user } = found;
  const nowMs = now.getTime();
  const refused = session.development === true && !policy.allowDevelopment;
  if (refused || session.expiresAt.getTime() <= nowMs || session.absoluteExpiresAt.getTime() <= nowMs) {
    await deleteSession(db, session.id);
    return null;
  }
  if (session.development || session.expiresAt.getTime() - nowMs >= IDLE_LIFETIME_MS / 2) {
    return { sessionId: session.id, user, expiresAt: session.expiresAt, extended: false };
  }
  const expiresAt = new Date(Math.min(nowMs + IDLE_LIFETIME_MS, session.absoluteExpiresAt.getTime()));
  await extendSession(db, session.id, expiresAt);
  return { sessionId: session.id, user, expiresAt, extended: true };
}

export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<ValidSession | null> {
  if (!isWellFormedSecret(token)) return null;
  const found = await findSessionWithUser(db, hashSecret(token));
  return found ? applyExpiry(db, found, now, policy) : null;
}

/**
 * The same check by the reader that also reads what the user's plan answers depend on (`findSessionWithPlanDay`, which
 * groups the reads asked at the same time into one statement).
 */
export async function validateSessionTokenWithPlanDay(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<{ session: ValidSession; planDay: PlanDay } | null> {
  if (!isWellFormedSecret(token)) return null;
  const found = await findSessionWithPlanDay(db, hashSecret(token), now);
  if (!found) return null;
  const session = await applyExpiry(db, found, now, policy);
  return session ? { session, planDay: found.planDay } : null;
}

/** The same check by the reader that also reads the user's upcoming breaks (`findSessionWithUpcomingBreaks`). */
export async function validateSessionTokenWithUpcomingBreaks(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<{ session: ValidSession; planDay: PlanDay; upcomingBreaks: BreakFields[] } | null> {
  if (!isWellFormedSecret(token)) return null;
  const found = await findSessionWithUpcomingBreaks(db, hashSecret(token), now);
  if (!found) return null;
  const session = await applyExpiry(db, found, now, policy);
  return session ? { session, planDay: found.planDay, upcomingBreaks: found.upcomingBreaks } : null;
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

export async function invalidateAllSessions(db: Db, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}
