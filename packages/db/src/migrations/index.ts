import type { Migration } from 'kysely';
import * as initial from './2026-11-22T0001-initial.js';

/** Listed statically so the compiled and the source builds find the same migrations, in order. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0001-initial': initial,
};
