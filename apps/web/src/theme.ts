import { createTheme, rem, type CSSVariablesResolver, type MantineThemeComponents } from '@mantine/core';

/** Default-sized controls are raised to 40px so every touch target meets the 40px minimum. */
const TOUCH_TARGET = rem(40);

interface SizeProps {
  size?: unknown;
}

/**
 * Plain objects rather than `Component.extend(...)`: extending imports the component itself, which would put every
 * extended component (the text input, say) into the first download of every screen.
 */
const components: MantineThemeComponents = {
  Button: {
    vars: (_theme: unknown, props: SizeProps) => ({
      root: { '--button-height': props.size === undefined || props.size === 'sm' ? TOUCH_TARGET : undefined },
    }),
  },
  ActionIcon: {
    vars: (_theme: unknown, props: SizeProps) => ({
      root: { '--ai-size': props.size === undefined || props.size === 'md' ? TOUCH_TARGET : undefined },
    }),
  },
  Input: {
    vars: (_theme: unknown, props: SizeProps) => ({
      wrapper: { '--input-height': props.size === undefined || props.size === 'sm' ? TOUCH_TARGET : undefined },
    }),
  },
};

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: 7,
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components,
});

/** Mantine's default dimmed grey is below AA contrast on white; a shade darker passes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
