import { breakStatus, type BreakSession } from '@breaker/api-contract';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { startBreakSession } from '../break-session/session-request';

/** The query parameter a reminder's link carries (`/?break=<id>`): open that break's guided session. */
const PARAM = 'break';

/**
 * Starts the guided session of the break a notification's link names, once the breaks are loaded, and takes the
 * parameter out of the address so a reload does not start it again. A break no longer scheduled is left alone.
 */
export function useBreakFromAddress(sessions: readonly BreakSession[] | undefined): void {
  const router = useRouter();
  useEffect(() => {
    if (!sessions) return;
    const url = new URL(window.location.href);
    const id = url.searchParams.get(PARAM);
    if (!id) return;
    url.searchParams.delete(PARAM);
    router.history.replace(`${url.pathname}${url.search}${url.hash}`);
    const session = sessions.find((candidate) => candidate.id === id && breakStatus(candidate) === 'scheduled');
    if (session) startBreakSession(session);
  }, [sessions, router]);
}
