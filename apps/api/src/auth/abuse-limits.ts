import { AppError, SERVER_MESSAGES } from '@breaker/api-contract';
import type { Redis } from 'ioredis';
import { setTimeout as pause } from 'node:timers/promises';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type LimitedAction = 'login' | 'register' | 'forgotPassword' | 'emergencyLogin' | 'breaksFeed' | 'pushTest';

interface Rule {
  points: number;
  durationSeconds: number;
}

/** Per address and per account, so one noisy client slows only itself and one targeted account. */
const RULES: Record<LimitedAction, { perAddress: Rule; perAccount: Rule }> = {
  login: { perAddress: { points: 30, durationSeconds: 600 }, perAccount: { points: 10, durationSeconds: 900 } },
  register: { perAddress: { points: 10, durationSeconds: 3600 }, perAccount: { points: 5, durationSeconds: 3600 } },
  forgotPassword: { perAddress: { points: 10, durationSeconds: 3600 }, perAccount: { points: 3, durationSeconds: 3600 } },
  emergencyLogin: { perAddress: { points: 10, durationSeconds: 600 }, perAccount: { points: 5, durationSeconds: 600 } },
  // Calendar apps poll a feed every few minutes at most; the "account" is the feed address, so guessing addresses from
  // one place and hammering one address from many are both slowed.
  breaksFeed: { perAddress: { points: 120, durationSeconds: 600 }, perAccount: { points: 60, durationSeconds: 600 } },
  // Each test makes every device of the user buzz and costs a request to each push service: a few a minute is plenty
  // for a person checking their devices; the "account" is the user's id.
  pushTest: { perAddress: { points: 60, durationSeconds: 600 }, perAccount: { points: 5, durationSeconds: 60 } },
};

/**
 * A refused attempt is answered only after this pause. A client hammering from one place waits for each 429 before it
 * can send the next attempt, so it gets a few answers a second per connection instead of thousands, and the API's one
 * thread stays free for everyone else's sign-ins (measured in `pnpm bench`, decision 021). A person who hits a limit
 * does not notice a quarter of a second on an answer that tells them to wait minutes.
 */
export const REFUSAL_PAUSE_MS = 250;

export interface AbuseLimits {
  /** Counts one attempt; once a limit is reached, throws TOO_MANY_REQUESTS (with when to retry) after a pause. */
  consume(action: LimitedAction, address: string, account: string): Promise<void>;
  /** A successful sign-in clears the account's failed attempts. */
  reset(action: LimitedAction, account: string): Promise<void>;
}

/** Counters live in Redis when there is one (every API process sees the same counts), else in this process. */
export function createAbuseLimits(redis?: Redis): AbuseLimits {
  const limiter = (keyPrefix: string, rule: Rule): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `breaker-limit:${keyPrefix}`,
          points: rule.points,
          duration: rule.durationSeconds,
          // While Redis is unreachable each process keeps counting on its own rather than failing sign-ins.
          insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: rule.points, duration: rule.durationSeconds }),
        })
      : new RateLimiterMemory({ keyPrefix, points: rule.points, duration: rule.durationSeconds });
  const limiters = Object.fromEntries(
    Object.entries(RULES).map(([action, rules]) => [
      action,
      { perAddress: limiter(`${action}:address`, rules.perAddress), perAccount: limiter(`${action}:account`, rules.perAccount) },
    ]),
  ) as Record<LimitedAction, { perAddress: RateLimiterAbstract; perAccount: RateLimiterAbstract }>;

  return {
    async consume(action, address, account) {
      const { perAddress, perAccount } = limiters[action];
      try {
        await perAddress.consume(address);
        await perAccount.consume(account.toLowerCase());
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        await pause(REFUSAL_PAUSE_MS);
        throw new AppError('TOO_MANY_REQUESTS', SERVER_MESSAGES.tooManyRequests, {
          retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
        });
      }
    },
    async reset(action, account) {
      await limiters[action].perAccount.delete(account.toLowerCase());
    },
  };
}
