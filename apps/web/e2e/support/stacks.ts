import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The two stacks every spec runs against (one Playwright project each). */
export const STACKS = [
  { name: 'embedded', port: 3101 },
  { name: 'postgres-redis', port: 3102 },
] as const;

/**
 * A stack's DATA_DIR, at a fixed place so the specs can read what the server leaves there: `outbox/` (e-mail
 * without SMTP_URL), `smtp-inbox/` (what the loopback SMTP server received). start-stack.mjs wipes it at start.
 */
export function stackDataDir(port: number): string {
  return join(tmpdir(), `breaker-e2e-${port}`);
}
