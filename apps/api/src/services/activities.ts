import { instructionsText, type BreakActivity } from '@breaker/api-contract';
import { catalogueById, type BreakActivityRow } from '@breaker/db';
import type { AppDeps } from '../deps.js';

export function toBreakActivity(row: BreakActivityRow): BreakActivity {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    duration: row.duration,
    difficulty: row.difficulty,
    equipment: row.equipment,
    summary: row.summary,
    instructions: instructionsText(row.instructions),
    steps: row.instructions,
  };
}

/** The catalogue anyone may read, signed in or not: from the process's copy, so asking often costs no database work. */
export async function listBreakActivities(deps: AppDeps): Promise<BreakActivity[]> {
  return [...(await catalogueById(deps.db)).values()].map(toBreakActivity);
}
