import {
  AppError,
  isAppError,
  SERVER_MESSAGES,
  type CalendarSyncPayload,
  type PasswordResetMailPayload,
  type PlaceBreaksPayload,
  type RefreshBreaksResult,
} from '@breaker/api-contract';
import {
  runBreakWriteBack,
  runCalendarSync,
  runMaintenanceSweep,
  runPasswordResetMail,
  runPlaceBreaks,
  type CalendarJobDeps,
  type MailJobDeps,
} from '@breaker/jobs';
import { SYNC_RUNNING, type JobRunner } from './job-runner.js';
import { oneRunPerUser } from './one-run-per-user.js';

/** Without Redis the API runs the worker's own job functions itself; the embedded database serialises them. */
export function createInProcessRunner(deps: CalendarJobDeps & MailJobDeps, options: { sweepEveryMs?: number } = {}): JobRunner {
  const syncsRunning = new Map<string, Promise<Awaited<ReturnType<typeof runCalendarSync>>>>();
  const placeBreaks = oneRunPerUser(async (payload: PlaceBreaksPayload): Promise<RefreshBreaksResult> => {
    const result = await runPlaceBreaks(deps, payload);
    await runner.writeBreaksBack(payload.userId);
    return result;
  });
  const runner: JobRunner = {
    mode: 'in-process',
    placeBreaks,
    async writeBreaksBack(userId: string) {
      void runBreakWriteBack(deps, { userId }).catch((error: unknown) =>
        deps.log.warn({ err: error, userId }, 'writing breaks to the calendar failed'),
      );
    },
    async syncCalendar(payload: CalendarSyncPayload, waitMs: number) {
      // One sync per user at a time: a second request joins the one under way.
      let sync = syncsRunning.get(payload.userId);
      if (!sync) {
        sync = runCalendarSync(deps, payload)
          .catch((error: unknown) => {
            throw isAppError(error) ? error : new AppError('UNAVAILABLE', SERVER_MESSAGES.calendarSyncFailed, { cause: error });
          })
          .finally(() => syncsRunning.delete(payload.userId));
        syncsRunning.set(payload.userId, sync);
        sync.catch((error: unknown) => deps.log.warn({ err: error, userId: payload.userId }, 'calendar sync failed'));
      }
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<typeof SYNC_RUNNING>((resolve) => {
        timer = setTimeout(() => resolve(SYNC_RUNNING), waitMs);
      });
      try {
        return await Promise.race([sync, slow]);
      } finally {
        clearTimeout(timer);
      }
    },
    async sendPasswordReset(payload: PasswordResetMailPayload) {
      void runPasswordResetMail(deps, payload).catch((error: unknown) =>
        deps.log.error({ err: error, userId: payload.userId }, 'password reset e-mail failed'),
      );
    },
    async ping() {},
    async close() {
      clearInterval(sweepTimer);
      await Promise.allSettled(syncsRunning.values());
      deps.mailer.close();
    },
  };
  // The worker's job scheduler, as a timer: the same sweep finds due syncs and due re-plans.
  const sweepTimer = options.sweepEveryMs
    ? setInterval(() => {
        runMaintenanceSweep(deps, {
          syncCalendar: async (userId) => void (await runner.syncCalendar({ userId, trigger: 'cadence' }, 0)),
          placeBreaks: async (userId) => void (await runner.placeBreaks({ userId, trigger: 'cadence' })),
        }).catch((error: unknown) => deps.log.warn({ err: error }, 'maintenance sweep failed'));
      }, options.sweepEveryMs)
    : undefined;
  sweepTimer?.unref();
  return runner;
}
