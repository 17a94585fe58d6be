import type { User } from '@breaker/api-contract';
import { trpc } from '../../trpc';

export function useCurrentUserQuery() {
  return trpc.auth.user.useQuery();
}

/** For screens that only render once the auth gate has a signed-in user. */
export function useSignedInUser(): User {
  const { data } = useCurrentUserQuery();
  if (!data) throw new Error('useSignedInUser is used outside the signed-in routes');
  return data;
}
