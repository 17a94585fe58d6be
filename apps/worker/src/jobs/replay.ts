import { AppError } from '@breaker/api-contract';
import { findSchedulingRun, type Db } from '@breaker/db';
import { placeBreaks, type PlacementInput, type PlacementResult } from '@breaker/scheduler';
import { isDeepStrictEqual } from 'node:util';

export interface ReplayReport {
  runId: string;
  engineVersion: { recorded: string; current: string };
  identical: boolean;
  recorded: PlacementResult;
  replayed: PlacementResult;
}

/** Runs the scheduler again on a recorded run's exact input; the engine is pure, so any difference is a change in the engine. */
export async function replaySchedulingRun(db: Db, runId: string): Promise<ReplayReport> {
  const run = await findSchedulingRun(db, runId);
  if (!run) throw new AppError('NOT_FOUND', `No scheduling run ${runId}`);
  const recorded = run.output as PlacementResult;
  const replayed = placeBreaks(run.input as PlacementInput);
  return {
    runId,
    engineVersion: { recorded: run.engine_version, current: replayed.engineVersion },
    identical: isDeepStrictEqual(recorded, replayed),
    recorded,
    replayed,
  };
}
