import { Paper, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { SegmentedChoice } from '../layout/SegmentedChoice';
import { CardHeading } from './CardHeading';

const SCHEMES: readonly { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceCard() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Paper withBorder radius="lg" p="lg">
      <CardHeading title="Appearance">Follow your system, or pick light or dark.</CardHeading>
      <SegmentedChoice label="Colour scheme" value={colorScheme} options={SCHEMES} onChange={setColorScheme} />
    </Paper>
  );
}
