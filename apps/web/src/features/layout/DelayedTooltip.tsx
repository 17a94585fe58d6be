import { TIMINGS } from '@breaker/api-contract';
import { cloneElement, useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { laterModule } from '../../later/later-module';
import { useLater } from '../../later/use-later';
import classes from './DelayedTooltip.module.css';

const tooltipLayer = laterModule(() => import('./TooltipLayer'));

/** When the last tooltip closed: a tooltip asked for within the skip delay of it opens at once. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

interface DelayedTooltipProps {
  label: string;
  /** Extra class for the wrapper, for a control that must fill its place (a calendar block). */
  className?: string;
  /** The control it describes; it gets the label as its accessible description. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/**
 * A tooltip that opens after the open delay on mouse hover or keyboard focus, and at once when another one has just
 * closed. Its positioning code is downloaded on the first hover or focus, never with the screen. It works on disabled
 * controls too, because the wrapper, not the control, listens.
 */
export function DelayedTooltip({ label, className, children }: DelayedTooltipProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { loaded, intent: wanted, hint } = useLater(tooltipLayer, false);
  const [opened, setOpened] = useState(false);
  const Layer = loaded?.TooltipLayer;
  const descriptionId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  function show() {
    hint(true);
    clearTimeout(timer.current);
    const skip = Date.now() - lastClosedAt < TIMINGS.tooltipSkipDelayMs;
    timer.current = setTimeout(() => setOpened(true), skip ? 0 : TIMINGS.tooltipOpenDelayMs);
  }

  function hide() {
    clearTimeout(timer.current);
    setOpened((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  }

  return (
    <span
      ref={anchor}
      className={className ? `${classes.anchor} ${className}` : classes.anchor}
      onPointerEnter={(event: PointerEvent) => event.pointerType !== 'touch' && show()}
      onPointerLeave={hide}
      onFocus={(event: FocusEvent) => event.target.matches(':focus-visible') && show()}
      onBlur={hide}
      onPointerDown={hide}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
    >
      {cloneElement(children, { 'aria-describedby': descriptionId })}
      <span id={descriptionId} hidden>
        {label}
      </span>
      {wanted && Layer && <Layer target={anchor} label={label} opened={opened} />}
    </span>
  );
}
