import { UnstyledButton } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { deferredModule } from '../../deferred-module';
import { toastError } from '../../toast';
import { breakActionsLabel } from './break-actions-label';
import type { BreakActionsMenuProps } from './BreakActionsMenu';
import classes from './GridBlocks.module.css';

/** The menu and its positioning code: not part of the calendar's first download. */
export const breakActionsMenu = deferredModule(() => import('./BreakActionsMenu'));

interface Intent {
  open: boolean;
  focus: boolean;
}

/**
 * A scheduled break's ⋯ button. It is the real menu once that code has arrived (fetched when the browser is idle, or
 * on the first hover, focus or press), and until then a plain button that remembers what the user asked for.
 */
export function BreakActionsButton({ session, actions }: Omit<BreakActionsMenuProps, 'defaultOpened' | 'autoFocus'>) {
  const Menu = breakActionsMenu.useLoaded()?.BreakActionsMenu;
  const [intent, setIntent] = useState<Intent>({ open: false, focus: false });

  if (Menu) return <Menu session={session} actions={actions} defaultOpened={intent.open} autoFocus={intent.focus} />;

  function want(next: Partial<Intent>, onFailure: () => void = () => undefined) {
    setIntent((current) => ({ ...current, ...next }));
    breakActionsMenu.request().catch(onFailure);
  }

  return (
    <UnstyledButton
      className={classes.menuTrigger}
      aria-label={breakActionsLabel(session)}
      aria-haspopup="menu"
      onPointerEnter={() => want({ open: true })}
      onPointerLeave={() => setIntent((current) => ({ ...current, open: false }))}
      onFocus={() => want({ focus: true })}
      onBlur={() => setIntent((current) => ({ ...current, focus: false }))}
      onClick={() =>
        want({ open: true, focus: true }, () =>
          toastError({ title: 'Actions Unavailable', message: 'The break actions could not be loaded. Please try again.' }),
        )
      }
    >
      <IconDots size={14} />
    </UnstyledButton>
  );
}
