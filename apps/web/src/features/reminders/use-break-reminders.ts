import type { BreakSession } from '@breaker/api-contract';
import { useEffect, useState } from 'react';
import { startBreakSession } from '../break-session/session-request';
import { formatTime } from '../calendar/time-zone';
import { showBrowserNotification } from './browser-notifications';
import { showReminderToast } from './ReminderToast';
import { nextWake } from './reminder-schedule';

/**
 * A timer in the page for the next break's start, set again whenever the breaks change: a system notification when
 * allowed, else a reminder toast with a Start button. Nothing when the user turned reminders off.
 */
export function useBreakReminders(sessions: readonly BreakSession[] | undefined, enabled: boolean, timeZone: string): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!enabled || !sessions) return undefined;
    const wake = nextWake(sessions, Date.now());
    if (!wake) return undefined;
    const timer = window.setTimeout(() => {
      if (wake.remind) remind(wake.session, timeZone);
      setNow(Date.now());
    }, wake.delayMs);
    return () => window.clearTimeout(timer);
  }, [sessions, enabled, timeZone, now]);

  return now;
}

function remind(session: BreakSession, timeZone: string): void {
  const time = formatTime(new Date(session.scheduledTime), timeZone);
  const shown = showBrowserNotification(
    `Time for a break: ${session.activity.name}`,
    `${time} · ${session.duration} min`,
    `break-${session.id}`,
    () => startBreakSession(session),
  );
  if (!shown) showReminderToast(session, time);
}
