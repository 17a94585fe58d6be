import { instructionsText, type BreakActivity } from '@breaker/api-contract';
import { listActivities, type BreakActivityRow } from '@breaker/db';
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

export async function listBreakActivities(deps: AppDeps): Promise<BreakActivity[]> {
  return (await listActivities(deps.db)).map(toBreakActivity);
}
