import { Paper, SegmentedControl, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

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
      <SegmentedControl
        aria-label="Colour scheme"
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        data={[
          { label: 'System', value: 'auto' },
          { label: 'Light', value: 'light' },
          { label: 'Dark', value: 'dark' },
        ]}
      />
    </Paper>
  );
}
