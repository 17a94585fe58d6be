import { Checkbox, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface ChoiceCheckboxesProps {
  label: string;
  description: string;
  choices: readonly { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
}

/** A labelled group of checkboxes, one per choice, side by side: the Planning card's many-of-a-few questions. */
export function ChoiceCheckboxes({ label, description, choices, value, onChange, error }: ChoiceCheckboxesProps) {
  return (
    <Checkbox.Group label={label} description={description} value={value} onChange={onChange} error={error}>
      <Group gap="md" mt="xs">
        {choices.map((choice) => (
          <Checkbox key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
