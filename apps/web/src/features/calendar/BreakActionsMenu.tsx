import type { BreakSession } from '@breaker/api-contract';
import { Menu, UnstyledButton } from '@mantine/core';
import {
  IconCalendarTime,
  IconCheck,
  IconDots,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconReplace,
  IconTrash,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { breakActionsLabel } from './break-actions-label';
import type { useBreakActions } from './use-break-actions';
import classes from './GridBlocks.module.css';

export interface BreakActionsMenuProps {
  session: BreakSession;
  actions: ReturnType<typeof useBreakActions>;
  /** Open at once: the pointer was already over the ⋯ button, or it was pressed, before this code arrived. */
  defaultOpened?: boolean;
  /** Take the focus: the ⋯ button it replaces had it. */
  autoFocus?: boolean;
}

/** Quick actions of a scheduled break, opened by hovering or pressing its ⋯ button. */
export function BreakActionsMenu({ session, actions, defaultOpened, autoFocus }: BreakActionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu
      trigger="click-hover"
      openDelay={100}
      closeDelay={200}
      position="right-start"
      withinPortal
      shadow="md"
      defaultOpened={defaultOpened}
      // Mantine returns the focus only to where it was when the menu opened; a menu that mounts open never saw that.
      onClose={defaultOpened ? () => trigger.current?.focus() : undefined}
    >
      <Menu.Target>
        <UnstyledButton
          ref={trigger}
          className={classes.menuTrigger}
          aria-label={breakActionsLabel(session)}
          aria-haspopup="menu"
          autoFocus={autoFocus}
        >
          <IconDots size={14} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => actions.start(session)}>
          Start Break Session
        </Menu.Item>
        <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => actions.complete(session.id)}>
          Mark Complete
        </Menu.Item>
        <Menu.Item leftSection={<IconPlayerSkipForward size={16} />} onClick={() => actions.skip(session.id)}>
          Skip Break
        </Menu.Item>
        <Menu.Item leftSection={<IconReplace size={16} />} onClick={() => actions.changeExercise(session)}>
          Change Exercise
        </Menu.Item>
        <Menu.Item leftSection={<IconCalendarTime size={16} />} onClick={() => actions.reschedule(session)}>
          Reschedule
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(session.id)}>
          Remove Break
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
