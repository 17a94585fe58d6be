import { UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import classes from './WeekGrid.module.css';

interface AddBreakButtonProps {
  /** For example 'Add break at 9 AM on Monday, November 23'. */
  label: string;
  disabled: boolean;
  onAdd: () => void;
}

/** Adds a break in an empty hour; the server finds the first moment of it the scheduling rules allow. */
export function AddBreakButton({ label, disabled, onAdd }: AddBreakButtonProps) {
  return (
    <UnstyledButton className={classes.addBreak} title="Add break" aria-label={label} disabled={disabled} onClick={onAdd}>
      <IconPlus size={14} />
    </UnstyledButton>
  );
}
