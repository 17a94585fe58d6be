import { AppError, type PlaceBreaksPayload, type RefreshBreaksResult } from '@breaker/api-contract';
import { catalogueById, listBreaksBetween, listPlanningEventsBetween, lockUserForPlanning, storePlan } from '@breaker/db';
import { placeBreaks } from '@breaker/scheduler';
import { performance } from 'node:perf_hooks';
import { recordPlacement } from './metrics/job-metrics.js';
import type { JobDeps } from './job-deps.js';
import { buildPlacementInput, planningWindow } from './placement-input.js';

/**
 * Load → plan → persist, in one transaction holding the user's row lock, so concurrent
 * refreshes for one user (from any API or worker) apply one after the other and leave one consistent plan.
 */
export async function runPlaceBreaks(deps: JobDeps, payload: PlaceBreaksPayload): Promise<RefreshBreaksResult> {
  const now = deps.now();
  const placed = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockUserForPlanning(trx, payload.userId);
    if (!locked) throw new AppError('NOT_FOUND', 'That user no longer exists');
    const { preferences } = locked;
    if (!preferences) throw new AppError('NOT_FOUND', 'That user has no preferences');

    const window = planningWindow(preferences, now);
    const [events, existing, catalogue] = await Promise.all([
      listPlanningEventsBetween(trx, payload.userId, window.from, window.to),
      listBreaksBetween(trx, payload.userId, window.from, window.to),
      // The catalogue is the same for everyone and only changes when a process seeds it: read once per process.
      catalogueById(deps.db, [], trx).then((byId) => [...byId.values()]),
    ]);
    const input = buildPlacementInput({ userId: payload.userId, preferences, window, events, existing, catalogue, now });
    const started = performance.now();
    const result = placeBreaks(input);
    const durationMs = performance.now() - started;
    // A pinned break the input left unpinned (a meeting now overlaps it, or it left the work hours or days) is replaced
    // with the rest of the old plan.
    const replacedPins = existing.filter((b, i) => b.pinned && !input.existing[i]!.pinned).map((b) => b.id);

    const { runId, created } = await storePlan(
      trx,
      {
        userId: payload.userId,
        trigger: payload.trigger,
        engineVersion: result.engineVersion,
        seed: input.seed,
        input,
        output: result,
        durationMs,
      },
      now,
      window.to,
      result.breaks.map((b) => ({
        activityId: b.activityId,
        scheduledTime: new Date(b.start),
        duration: b.duration,
        placementReason: b.reason,
      })),
      replacedPins,
    );
    deps.log.info(
      { userId: payload.userId, runId, placed: created.length, shortfalls: result.shortfalls.length },
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
      shortfalls: result.shortfalls,
    };
  });
  // Counted once the plan is committed, so a rolled-back run never shows up as a shortfall.
  recordPlacement(placed.shortfalls);
  return placed;
}
