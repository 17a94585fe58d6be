import { UnstyledButton } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { laterModule } from '../../later/later-module';
import { useLater } from '../../later/use-later';
import { breakActionsLabel } from './break-actions-label';
import type { BreakActionsMenuProps } from './BreakActionsMenu';
import classes from './GridBlocks.module.css';

/** The menu and its positioning code: not part of the calendar's first download. */
export const breakActionsMenu = laterModule(() => import('./BreakActionsMenu'), {
  title: 'Actions Unavailable',
  message: 'The break actions could not be loaded. Please try again.',
});

interface Intent {
  open: boolean;
  focus: boolean;
}

const NO_INTENT: Intent = { open: false, focus: false };

/**
 * A scheduled break's ⋯ button. It is the real menu once that code has arrived (fetched when the browser is idle, or
 * on the first hover, focus or press), and until then a plain button that remembers what the user asked for.
 */
export function BreakActionsButton({ session, actions }: Omit<BreakActionsMenuProps, 'defaultOpened' | 'autoFocus'>) {
  const { loaded, intent, setIntent, hint, ask } = useLater(breakActionsMenu, NO_INTENT);
  const Menu = loaded?.BreakActionsMenu;

  if (Menu) return <Menu session={session} actions={actions} defaultOpened={intent.open} autoFocus={intent.focus} />;

  return (
    <UnstyledButton
      className={classes.menuTrigger}
      aria-label={breakActionsLabel(session)}
      aria-haspopup="menu"
      onPointerEnter={() => hint((current) => ({ ...current, open: true }))}
      onPointerLeave={() => setIntent((current) => ({ ...current, open: false }))}
      onFocus={() => hint((current) => ({ ...current, focus: true }))}
      onBlur={() => setIntent((current) => ({ ...current, focus: false }))}
      onClick={() => ask({ open: true, focus: true })}
    >
      <IconDots size={14} />
    </UnstyledButton>
  );
}
