import { TIMINGS } from '@breaker/api-contract';
import { useWindowEvent } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useRef } from 'react';

/** The toast viewport; F8 moves keyboard focus into it. */
export function ToastRegion() {
  const region = useRef<HTMLDivElement>(null);

  useWindowEvent('keydown', (event) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    const closeButton = region.current?.querySelector<HTMLElement>('button');
    (closeButton ?? region.current)?.focus();
  });

  return (
    <div ref={region} tabIndex={-1} role="region" aria-label="Notifications (F8)">
      <Notifications limit={TIMINGS.toastLimit} autoClose={TIMINGS.toastDurationMs} withinPortal={false} />
    </div>
  );
}
