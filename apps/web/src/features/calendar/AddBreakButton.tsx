import { ActionIcon } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import classes from './WeekGrid.module.css';

const LABEL = 'Add break (coming soon)';

/** Placeholder for adding a break by hand; it deliberately does nothing yet. */
export function AddBreakButton() {
  return (
    <ActionIcon variant="light" size={24} radius="xl" className={classes.addBreak} title={LABEL} aria-label={LABEL} tabIndex={-1}>
      <IconPlus size={14} />
    </ActionIcon>
  );
}
