import type { User } from '@breaker/api-contract';

/** Spec §2: the full name when both parts exist, otherwise the e-mail (or the username without one). */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email' | 'username'>): string {
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  return user.email ?? user.username;
}
