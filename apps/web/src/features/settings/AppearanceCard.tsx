import { Paper, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { SegmentedChoice } from '../layout/SegmentedChoice';

const SCHEMES: readonly { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceCard() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb={4}>
        Appearance
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        Follow your system, or pick light or dark.
      </Text>
      <SegmentedChoice label="Colour scheme" value={colorScheme} options={SCHEMES} onChange={setColorScheme} />
    </Paper>
  );
}
