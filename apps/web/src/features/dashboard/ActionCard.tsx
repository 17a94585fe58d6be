import { Paper, Text } from '@mantine/core';
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

/** Spans only: the same content sits inside a link or a button, and a button may hold phrasing content only. */
function ActionCardContent({ icon: CardIcon, title, children, color = 'violet' }: ActionCardContentProps) {
  return (
    <span className={classes.content}>
      <span
        className={classes.icon}
        style={{ background: `var(--mantine-color-${color}-light)`, color: `var(--mantine-color-${color}-light-color)` }}
        aria-hidden
      >
        <CardIcon size={24} />
      </span>
      <span className={classes.text}>
        <Text component="span" fw={650} fz="lg" className={classes.line}>
          {title}
        </Text>
        <Text component="span" fz="sm" c="dimmed" className={classes.line}>
          {children}
        </Text>
      </span>
    </span>
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
