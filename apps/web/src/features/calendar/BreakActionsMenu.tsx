import type { BreakSession } from '@breaker/api-contract';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCalendarTime,
  IconCheck,
  IconDots,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconReplace,
  IconTrash,
} from '@tabler/icons-react';
import type { useBreakActions } from './use-break-actions';
import classes from './GridBlocks.module.css';

interface BreakActionsMenuProps {
  session: BreakSession;
  actions: ReturnType<typeof useBreakActions>;
}

/** Quick actions of a scheduled break, opened by hovering or pressing its ⋯ button. */
export function BreakActionsMenu({ session, actions }: BreakActionsMenuProps) {
  return (
    <Menu trigger="click-hover" openDelay={100} closeDelay={200} position="right-start" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="transparent"
          size={18}
          className={classes.menuTrigger}
          aria-label={`Actions for ${session.activity.name}`}
        >
          <IconDots size={14} />
        </ActionIcon>
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
