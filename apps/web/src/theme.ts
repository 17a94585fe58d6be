import { ActionIcon, Button, Input, Tooltip, createTheme, rem, type CSSVariablesResolver } from '@mantine/core';
import { TIMINGS } from '@breaker/api-contract';

/** Default-sized controls are raised to 40px so every touch target meets the 40px minimum. */
const TOUCH_TARGET = rem(40);

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: 7,
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: Button.extend({
      vars: (_theme, props) => ({
        root: { '--button-height': props.size === undefined || props.size === 'sm' ? TOUCH_TARGET : undefined },
      }),
    }),
    ActionIcon: ActionIcon.extend({
      vars: (_theme, props) => ({
        root: { '--ai-size': props.size === undefined || props.size === 'md' ? TOUCH_TARGET : undefined },
      }),
    }),
    Input: Input.extend({
      vars: (_theme, props) => ({
        wrapper: { '--input-height': props.size === undefined || props.size === 'sm' ? TOUCH_TARGET : undefined },
      }),
    }),
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: TIMINGS.tooltipOpenDelayMs, withArrow: true } }),
  },
});

/** Mantine's default dimmed grey is below AA contrast on white; a shade darker passes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
