import { AppError, type PlaceBreaksPayload, type RefreshBreaksResult } from '@breaker/api-contract';
import {
  catalogueById,
  listBreaksBetween,
  listPlanningEventsBetween,
  lockUserForPlanning,
  readUserForPlanning,
  storeDraftedPlan,
  storePlan,
  type Db,
  type PlanToStore,
  type StoredPlan,
  type UserForPlanning,
} from '@breaker/db';
import { placeBreaks, type PlacementInput, type PlacementResult } from '@breaker/scheduler';
import { performance } from 'node:perf_hooks';
import { recordPlacement } from './metrics/job-metrics.js';
import type { JobDeps } from './job-deps.js';
import { buildPlacementInput, planningWindow, type PlanningWindow } from './placement-input.js';

/** A plan made from the user's state at one plan version, not yet stored. */
export interface DraftPlan {
  userId: string;
  now: Date;
  /** The version of what it was made from: when it has moved by the time the plan is stored, the plan is made again. */
  planVersion: string;
  window: PlanningWindow;
  input: PlacementInput;
  result: PlacementResult;
  durationMs: number;
  /** Pinned breaks the input left unpinned (a meeting now overlaps one, or it left the work hours or days). */
  replacedPins: string[];
}

/**
 * Read → plan without the user's lock, then store under it (docs/decisions/019-plans-drafted-unlocked.md): concurrent
 * refreshes for one user (from any API or worker) still apply one after the other and leave one consistent plan.
 */
export async function runPlaceBreaks(deps: JobDeps, payload: PlaceBreaksPayload): Promise<RefreshBreaksResult> {
  return commitPlan(deps, await draftPlan(deps, payload.userId, deps.now()), payload.trigger);
}

/** Reads the user's state and plans from it, holding no lock: the plan version is read first, the rest after it. */
export async function draftPlan(deps: JobDeps, userId: string, now: Date): Promise<DraftPlan> {
  return planFrom(deps, deps.db, await readUserForPlanning(deps.db, userId), userId, now);
}

/**
 * Stores the draft, in one statement taking the user's row lock, if the plan version it was made from still holds: no
 * write to what it read has committed since. Otherwise plans again in a transaction holding the lock, from the state
 * the lock now keeps still, as a change by hand does.
 */
export async function commitPlan(
  deps: JobDeps,
  draft: DraftPlan,
  trigger: PlaceBreaksPayload['trigger'],
): Promise<RefreshBreaksResult> {
  const stored = await storeDraftedPlan(deps.db, draft.planVersion, ...toStore(draft, trigger));
  const placed = stored
    ? answer(deps, draft, stored, false)
    : await deps.db.transaction().execute(async (trx) => {
        const plan = await planFrom(deps, trx, await lockUserForPlanning(trx, draft.userId), draft.userId, draft.now);
        return answer(deps, plan, await storePlan(trx, ...toStore(plan, trigger)), true);
      });
  // Counted once the plan is committed, so a rolled-back run never shows up as a shortfall.
  recordPlacement(placed.shortfalls);
  return placed;
}

async function planFrom(
  deps: JobDeps,
  via: Db,
  user: UserForPlanning | undefined,
  userId: string,
  now: Date,
): Promise<DraftPlan> {
  if (!user) throw new AppError('NOT_FOUND', 'That user no longer exists');
  const { preferences, planVersion } = user;
  if (!preferences) throw new AppError('NOT_FOUND', 'That user has no preferences');

  const window = planningWindow(preferences, now);
  const [events, existing, catalogue] = await Promise.all([
    listPlanningEventsBetween(via, userId, window.from, window.to),
    listBreaksBetween(via, userId, window.from, window.to),
    // The catalogue is the same for everyone and only changes when a process seeds it: read once per process.
    catalogueById(deps.db, [], via).then((byId) => [...byId.values()]),
  ]);
  const input = buildPlacementInput({ userId, preferences, window, events, existing, catalogue, now });
  const started = performance.now();
  const result = placeBreaks(input);
  const durationMs = performance.now() - started;
  const replacedPins = existing.filter((b, i) => b.pinned && !input.existing[i]!.pinned).map((b) => b.id);
  return { userId, now, planVersion, window, input, result, durationMs, replacedPins };
}

/** What `storePlan` and `storeDraftedPlan` store of a plan: its run's record, its window and breaks. */
function toStore(plan: DraftPlan, trigger: PlaceBreaksPayload['trigger']): PlanToStore {
  const { userId, input, result } = plan;
  const breaks = result.breaks.map((b) => ({
    activityId: b.activityId,
    scheduledTime: new Date(b.start),
    duration: b.duration,
    placementReason: b.reason,
  }));
  const run = {
    userId,
    trigger,
    engineVersion: result.engineVersion,
    seed: input.seed,
    input,
    output: result,
    durationMs: plan.durationMs,
  };
  return [run, plan.now, plan.window.to, breaks, plan.replacedPins];
}

function answer(deps: JobDeps, plan: DraftPlan, { runId, created }: StoredPlan, madeAgain: boolean): RefreshBreaksResult {
  deps.log.info(
    { userId: plan.userId, runId, placed: created.length, shortfalls: plan.result.shortfalls.length, madeAgain },
    'breaks placed',
  );
  return {
    totalScheduled: created.length,
    breaks: created.map((b) => ({
      id: b.id,
      scheduledTime: b.scheduled_time.toISOString(),
      duration: b.duration,
      activityId: b.activity_id,
    })),
    shortfalls: plan.result.shortfalls,
  };
}
