import type { BreakSession } from '@breaker/api-contract';
import { useEffect, useState } from 'react';
import { formatTime } from '../../time/time-zone';
import { startBreakSession } from '../break-session/session-request';
import { pushActiveOnThisDevice, showBrowserNotification } from './browser-notifications';
import { breakToAnnounce, nextWake } from './reminder-schedule';

/**
 * A system notification for the break, unless the pushed reminder already announces it on this device (the page then
 * reminds in its own way only); false when the page has to remind.
 */
async function announce(session: BreakSession, timeZone: string): Promise<boolean> {
  if (await pushActiveOnThisDevice().catch(() => false)) return false;
  return showBrowserNotification(
    `Time for a break: ${session.activity.name}`,
    `${formatTime(new Date(session.scheduledTime), timeZone)} · ${session.duration} min`,
    `break-${session.id}`,
    () => startBreakSession(session),
  );
}

/**
 * A timer in the page for the next break's start, set again whenever the breaks change: a system notification when
 * allowed, else the break is handed back as the in-page reminder to show. Nothing when reminders are off.
 */
export function useBreakReminders(sessions: readonly BreakSession[] | undefined, enabled: boolean, timeZone: string) {
  const [now, setNow] = useState(() => Date.now());
  const [inPage, setInPage] = useState<BreakSession>();

  useEffect(() => {
    if (!enabled || !sessions) return undefined;
    const wake = nextWake(sessions, Date.now());
    if (!wake) return undefined;
    const timer = window.setTimeout(() => {
      const session = breakToAnnounce(sessions, wake, Date.now());
      if (session) void announce(session, timeZone).then((shown) => shown || setInPage(session));
      setNow(Date.now());
    }, wake.delayMs);
    return () => window.clearTimeout(timer);
  }, [sessions, enabled, timeZone, now]);

  return { now, inPage, dismiss: () => setInPage(undefined) };
}
