import { AppError } from '@breaker/api-contract';
import { z } from 'zod';
import type { Config } from '../env.js';
import { googleEndpoints } from '@breaker/api-contract/config';

const GOOGLE_TIMEOUT_MS = 5000;

const userinfo = z.object({
  id: z.string().min(1),
  email: z.string().email(),
  verified_email: z.boolean().optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().url().optional(),
});
export type GoogleProfile = z.infer<typeof userinfo>;

/** Who signed in, from Google's userinfo endpoint (part of the sign-in exchange, never on a read path). */
export async function fetchGoogleProfile(google: NonNullable<Config['google']>, accessToken: string): Promise<GoogleProfile> {
  const response = await fetch(googleEndpoints(google).userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
  });
  if (!response.ok) throw new AppError('UNAVAILABLE', 'Google did not tell us who you are; please try again');
  return userinfo.parse(await response.json());
}
