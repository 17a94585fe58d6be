import { Chip, Group } from '@mantine/core';
import { activityTypeLabel } from './activity-type-label';

export const ALL_TYPES = 'all';

interface ActivityTypeFilterProps {
  types: string[];
  value: string;
  onChange: (type: string) => void;
}

/** Narrows a long catalogue to one kind of break. */
export function ActivityTypeFilter({ types, value, onChange }: ActivityTypeFilterProps) {
  return (
    <Chip.Group multiple={false} value={value} onChange={onChange}>
      <Group gap="xs" role="group" aria-label="Filter by type">
        <Chip value={ALL_TYPES}>All</Chip>
        {types.map((type) => (
          <Chip key={type} value={type}>
            {activityTypeLabel(type)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
