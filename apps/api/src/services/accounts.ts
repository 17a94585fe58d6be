import {
  AppError,
  USERNAME_MIN_LENGTH,
  SERVER_MESSAGES,
  type LoginInput,
  type RegisterInput,
  type User,
} from '@breaker/api-contract';
import {
  findPreferences,
  findUserByEmail,
  findUserByUsername,
  insertUserWithPreferences,
  newPreferences,
  type Db,
  type SessionUser,
  type UserRow,
} from '@breaker/db';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { AppDeps } from '../deps.js';
import { toUser } from './user-view.js';

export async function loadUser(db: Db, user: SessionUser): Promise<User> {
  const preferences = await findPreferences(db, user.id);
  if (!preferences) throw new AppError('NOT_FOUND', 'Your preferences could not be found');
  return toUser(user, preferences);
}

export async function register(deps: AppDeps, input: RegisterInput, address: string): Promise<{ id: string; username: string }> {
  if (!deps.config.allowRegistration) throw new AppError('FORBIDDEN', SERVER_MESSAGES.registrationClosed);
  await deps.limits.consume('register', address, input.email);
  if (await findUserByUsername(deps.db, input.username)) throw new AppError('CONFLICT', SERVER_MESSAGES.usernameTaken);
  if (await findUserByEmail(deps.db, input.email)) throw new AppError('CONFLICT', SERVER_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const user = await insertUserWithPreferences(
    deps.db,
    { username: input.username, email: input.email, password_hash: passwordHash },
    newPreferences(),
  ).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', SERVER_MESSAGES.usernameTaken);
    throw error;
  });
  deps.log.info({ userId: user.id }, 'account registered');
  return { id: user.id, username: user.username };
}

/** Same answer, in about the same time, for an unknown user and a wrong password. */
export async function authenticate(deps: AppDeps, input: LoginInput, address: string): Promise<UserRow> {
  await deps.limits.consume('login', address, input.username);
  const user = await findUserByUsername(deps.db, input.username);
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!user || !valid) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidCredentials);
  await deps.limits.reset('login', input.username);
  return user;
}

/** A username derived from `base` that no one has yet: `ada`, then `ada2`, `ada3`… */
export async function freeUsername(db: Db, base: string): Promise<string> {
  const stem = base
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .slice(0, 40)
    .padEnd(USERNAME_MIN_LENGTH, '0');
  for (let attempt = 1; attempt <= 50; attempt += 1) {
    const candidate = attempt === 1 ? stem : `${stem}${attempt}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
  throw new AppError('CONFLICT', 'Could not find a free username');
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
