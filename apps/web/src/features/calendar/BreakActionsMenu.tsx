import { ActionIcon, Menu } from '@mantine/core';
import { IconCalendarTime, IconCheck, IconDots, IconPlayerSkipForward, IconReplace, IconTrash } from '@tabler/icons-react';
import type { useBreakActions } from './use-break-actions';
import classes from './GridBlocks.module.css';

interface BreakActionsMenuProps {
  breakId: string;
  activityName: string;
  actions: ReturnType<typeof useBreakActions>;
}

/** Quick actions of a scheduled break, opened by hovering or pressing its ⋯ button. */
export function BreakActionsMenu({ breakId, activityName, actions }: BreakActionsMenuProps) {
  return (
    <Menu trigger="click-hover" openDelay={100} closeDelay={200} position="right-start" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="transparent" size={18} className={classes.menuTrigger} aria-label={`Actions for ${activityName}`}>
          <IconDots size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => actions.complete(breakId)}>
          Mark Complete
        </Menu.Item>
        <Menu.Item leftSection={<IconPlayerSkipForward size={16} />} onClick={() => actions.skip(breakId)}>
          Skip Break
        </Menu.Item>
        <Menu.Item leftSection={<IconReplace size={16} />} onClick={actions.changeExercise}>
          Change Exercise
        </Menu.Item>
        <Menu.Item leftSection={<IconCalendarTime size={16} />} onClick={actions.reschedule}>
          Reschedule
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(breakId)}>
          Remove Break
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
