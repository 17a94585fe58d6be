import { PRODUCT_NAME } from '@breaker/api-contract';
import { Box, Group, Text } from '@mantine/core';

const ITEMS = [
  { label: `${PRODUCT_NAME}s`, color: 'var(--mantine-color-violet-7)' },
  { label: 'Completed', color: 'var(--mantine-color-green-5)' },
  { label: 'Skipped', color: 'var(--mantine-color-yellow-4)' },
  { label: 'Meeting', color: 'var(--mantine-color-gray-4)' },
];

export function CalendarLegend() {
  return (
    <Group gap="md" component="ul" aria-label="Legend" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {ITEMS.map(({ label, color }) => (
        <Group key={label} gap={6} component="li">
          <Box w={12} h={12} bg={color} style={{ borderRadius: 3 }} aria-hidden />
          <Text fz="sm">{label}</Text>
        </Group>
      ))}
    </Group>
  );
}
