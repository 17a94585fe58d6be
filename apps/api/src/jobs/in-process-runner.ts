import type { PlaceBreaksPayload, RefreshBreaksResult } from '@breaker/api-contract';
import { runPlaceBreaks, type JobDeps } from '@breaker/worker/jobs';
import type { JobRunner } from './job-runner.js';

/** Without Redis the API runs the worker's own job functions itself; the embedded database serialises them. */
export function createInProcessRunner(deps: JobDeps): JobRunner {
  return {
    mode: 'in-process',
    placeBreaks(payload: PlaceBreaksPayload): Promise<RefreshBreaksResult> {
      return runPlaceBreaks(deps, payload);
    },
    async ping() {},
    async close() {},
  };
}
