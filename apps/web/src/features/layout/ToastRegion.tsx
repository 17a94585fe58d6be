import { TIMINGS } from '@breaker/api-contract';
import { useWindowEvent } from '@mantine/hooks';
import { useRef } from 'react';
import { toastLibrary } from '../../toast';

/** The toast viewport; F8 moves keyboard focus into it. Its code loads with the first toast. */
export function ToastRegion() {
  const region = useRef<HTMLDivElement>(null);
  const Notifications = toastLibrary.useLoaded()?.Notifications;

  useWindowEvent('keydown', (event) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    const closeButton = region.current?.querySelector<HTMLElement>('button');
    (closeButton ?? region.current)?.focus();
  });

  return (
    <div ref={region} tabIndex={-1} role="region" aria-label="Notifications (F8)">
      {Notifications && <Notifications limit={TIMINGS.toastLimit} autoClose={TIMINGS.toastDurationMs} withinPortal={false} />}
    </div>
  );
}
