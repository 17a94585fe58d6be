import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import type { CalendarReturnParams } from './calendar-return';
import { calendarReturnNotice } from './calendar-return-notice';
import { useReloadSchedule } from './use-reload-schedule';

/** How many times to ask again while the server answers that the first sync is still running (it waits each time). */
const FIRST_SYNC_CHECKS = 3;

/**
 * Shows the outcome of the calendar-connection round trip once, then cleans the URL. Loaded only when the page was
 * opened with that outcome in its address. The server starts the first
 * sync as it connects the calendar, and it may still be running when this page loads: a sync request joins it (the
 * server runs one sync per user at a time and answers when it is done), so the meetings are reloaded after it.
 */
export function CalendarReturnNotice({ params, userId }: { params: CalendarReturnParams; userId: string }) {
  const navigate = useNavigate();
  const reloadSchedule = useReloadSchedule();
  const { mutateAsync: sync } = trpc.calendar.sync.useMutation();
  const { success, error } = params;

  useEffect(() => {
    const notice = calendarReturnNotice({ success, error });
    if (!notice) return;
    const toast = { id: 'calendar-return', title: notice.title, message: notice.message };
    if (notice.kind === 'success') {
      toastSuccess(toast);
      void (async () => {
        await reloadSchedule();
        for (let check = 0; check < FIRST_SYNC_CHECKS; check += 1) {
          const result = await sync({ userId }).catch(() => undefined);
          if (!result?.running) break;
        }
        await reloadSchedule();
      })();
    } else {
      toastError(toast);
    }
    void navigate({ to: '/calendar', search: {}, replace: true });
  }, [success, error, userId, navigate, reloadSchedule, sync]);
  return null;
}
