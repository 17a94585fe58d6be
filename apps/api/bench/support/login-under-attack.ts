import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from '../../../../bench/row.js';
import { SEEDED_PASSWORD, type SeededUser } from './seed.js';

interface Attempt {
  status: number;
  ms: number;
}

/** POST /api/auth/login from a given loopback address (rate limits key on the connection's address). */
function login(url: string, fromAddress: string, username: string, password: string): Promise<Attempt> {
  const body = JSON.stringify({ username, password });
  const started = performance.now();
  return new Promise((done, fail) => {
    const outgoing = request(
      `${url}/api/auth/login`,
      {
        method: 'POST',
        localAddress: fromAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: url },
      },
      (response) => {
        response.resume();
        response.on('end', () => done({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

export interface LoginUnderAttack {
  quietP95: number;
  attackedP95: number;
  othersSucceeded: number;
  othersTried: number;
  attackerAttempts: number;
  attackerRefused: number;
}

/**
 * Other people sign in one after another from their own addresses, first while all is quiet, then while one address
 * hammers a victim's account with wrong passwords from several connections at once.
 */
export async function measureLoginUnderAttack(
  url: string,
  users: readonly SeededUser[],
  perPhase: number,
): Promise<LoginUnderAttack> {
  const signInOthers = async (from: number, subnet: number): Promise<Attempt[]> => {
    const attempts: Attempt[] = [];
    for (let i = 0; i < perPhase; i += 1) {
      const user = users[from + i]!;
      attempts.push(await login(url, `127.0.${subnet}.${(i % 250) + 2}`, user.username, SEEDED_PASSWORD));
    }
    return attempts;
  };
  const quiet = await signInOthers(0, 11);

  const victim = users[2 * perPhase]!;
  let attacking = true;
  let attackerAttempts = 0;
  let attackerRefused = 0;
  const attacker = async (): Promise<void> => {
    while (attacking) {
      const attempt = await login(url, '127.0.0.99', victim.username, 'wrong password');
      attackerAttempts += 1;
      if (attempt.status === 429) attackerRefused += 1;
    }
  };
  const attackers = Array.from({ length: 4 }, attacker);
  await new Promise((wake) => setTimeout(wake, 500));
  const attacked = await signInOthers(perPhase, 12);
  attacking = false;
  await Promise.all(attackers);

  const p95 = (attempts: Attempt[]): number =>
    percentile(
      attempts.map((a) => a.ms).sort((a, b) => a - b),
      95,
    );
  return {
    quietP95: p95(quiet),
    attackedP95: p95(attacked),
    othersSucceeded: [...quiet, ...attacked].filter((a) => a.status === 200).length,
    othersTried: quiet.length + attacked.length,
    attackerAttempts,
    attackerRefused,
  };
}
