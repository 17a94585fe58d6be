import { TIMINGS } from '@breaker/api-contract';
import { useWindowEvent } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { onToastsWanted } from '../../toast';

const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

/** The toast viewport; F8 moves keyboard focus into it. Its code loads with the first toast. */
export function ToastRegion() {
  const region = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => onToastsWanted(() => setWanted(true)), []);

  useWindowEvent('keydown', (event) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    const closeButton = region.current?.querySelector<HTMLElement>('button');
    (closeButton ?? region.current)?.focus();
  });

  return (
    <div ref={region} tabIndex={-1} role="region" aria-label="Notifications (F8)">
      {wanted && (
        <Suspense fallback={null}>
          <Notifications limit={TIMINGS.toastLimit} autoClose={TIMINGS.toastDurationMs} withinPortal={false} />
        </Suspense>
      )}
    </div>
  );
}
