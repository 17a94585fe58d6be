import { useEffect, useState } from 'react';

/** Re-render often enough for a smooth seconds display; the time itself comes from the clock, not from ticks. */
const TICK_MS = 250;

/** A pausable countdown of `totalSeconds`, started at once; elapsed time is measured, so a slow tab does not drift. */
export function useCountdown(totalSeconds: number) {
  const [banked, setBanked] = useState(0);
  const [runningSince, setRunningSince] = useState<number | undefined>(() => Date.now());
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (runningSince === undefined) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [runningSince]);

  const elapsed = Math.min(totalSeconds, banked + (runningSince === undefined ? 0 : Math.max(0, now - runningSince) / 1000));
  const finished = elapsed >= totalSeconds;

  return {
    elapsed,
    finished,
    running: runningSince !== undefined && !finished,
    pause: () => {
      setBanked(elapsed);
      setRunningSince(undefined);
    },
    resume: () => {
      const at = Date.now();
      setNow(at);
      setRunningSince(at);
    },
    /** Jumps to `seconds` from the start, keeping the paused or running state. */
    jumpTo: (seconds: number) => {
      const at = Date.now();
      setBanked(Math.min(totalSeconds, seconds));
      setNow(at);
      setRunningSince((since) => (since === undefined ? undefined : at));
    },
  };
}
