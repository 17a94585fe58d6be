import { Tooltip } from '@mantine/core';
import type { RefObject } from 'react';

interface TooltipLayerProps {
  target: RefObject<HTMLElement | null>;
  label: string;
  opened: boolean;
}

/** The floating part of a DelayedTooltip: Mantine's tooltip, positioned on the trigger, opened by the trigger. */
export function TooltipLayer({ target, label, opened }: TooltipLayerProps) {
  // A long label (why a break is where it is) wraps instead of running off a phone's screen.
  return <Tooltip target={target} label={label} opened={opened} withArrow multiline maw={280} />;
}
