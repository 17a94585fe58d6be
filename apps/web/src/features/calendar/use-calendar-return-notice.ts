import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toastError, toastSuccess } from '../../toast';
import { calendarReturnNotice, type CalendarReturnParams } from './calendar-return';
import { useReloadSchedule } from './use-reload-schedule';

/** Shows the outcome of the calendar-connection round trip once, then cleans the URL. */
export function useCalendarReturnNotice(params: CalendarReturnParams): void {
  const navigate = useNavigate();
  const reloadSchedule = useReloadSchedule();
  const { success, error } = params;

  useEffect(() => {
    const notice = calendarReturnNotice({ success, error });
    if (!notice) return;
    const toast = { id: 'calendar-return', title: notice.title, message: notice.message };
    if (notice.kind === 'success') {
      toastSuccess(toast);
      void reloadSchedule();
    } else {
      toastError(toast);
    }
    void navigate({ to: '/calendar', search: {}, replace: true });
  }, [success, error, navigate, reloadSchedule]);
}
