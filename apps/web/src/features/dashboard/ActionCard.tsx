import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CardLink } from '../layout/links';
import classes from './DashboardCard.module.css';

type Destination = '/' | '/calendar' | '/break-activities' | '/analytics' | '/settings';

interface ActionCardContentProps {
  icon: Icon;
  title: string;
  children: ReactNode;
  color?: string;
}

function ActionCardContent({ icon: CardIcon, title, children, color = 'violet' }: ActionCardContentProps) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
        <CardIcon size={24} />
      </ThemeIcon>
      <Stack gap={4} miw={0}>
        <Text fw={650} fz="lg">
          {title}
        </Text>
        <Text fz="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** A whole-card link to another screen. */
export function ActionCard({ to, ...content }: ActionCardContentProps & { to: Destination }) {
  return (
    <CardLink to={to} withBorder radius="lg" p="lg" className={classes.card}>
      <ActionCardContent {...content} />
    </CardLink>
  );
}

/** A whole-card button that acts on this screen. */
export function ActionCardButton({ onClick, ...content }: ActionCardContentProps & { onClick: () => void }) {
  return (
    <Paper component="button" type="button" onClick={onClick} withBorder radius="lg" p="lg" className={classes.card}>
      <ActionCardContent {...content} />
    </Paper>
  );
}
