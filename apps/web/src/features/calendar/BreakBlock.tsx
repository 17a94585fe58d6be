import { breakStatus, type BreakSession, type BreakStatus } from '@breaker/api-contract';
import { UnstyledButton } from '@mantine/core';
import { IconCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { formatTime } from '../../time/time-zone';
import { DelayedTooltip } from '../layout/DelayedTooltip';
import { ActivityIcon } from '../library/ActivityIcon';
import { BreakActionsButton } from './BreakActionsButton';
import type { useBreakActions } from './use-break-actions';
import classes from './GridBlocks.module.css';

const ICON_PROPS = { size: 12, stroke: 2.2, 'aria-hidden': true, style: { flexShrink: 0 } } as const;

function StatusIcon({ status, type }: { status: BreakStatus; type: string }) {
  if (status === 'completed') return <IconCheck {...ICON_PROPS} />;
  if (status === 'skipped') return <IconPlayerSkipForward {...ICON_PROPS} />;
  return <ActivityIcon type={type} {...ICON_PROPS} />;
}

interface BreakBlockProps {
  session: BreakSession;
  timeZone: string;
  style: CSSProperties;
  actions: ReturnType<typeof useBreakActions>;
  onOpen: (id: string) => void;
}

export function BreakBlock({ session, timeZone, style, actions, onOpen }: BreakBlockProps) {
  const status = breakStatus(session);
  const time = formatTime(new Date(session.scheduledTime), timeZone);
  // Only a break still to take needs saying: Refresh Breakers keeps taken and skipped ones anyway.
  const pinned = status === 'scheduled' && session.pinned;

  const button = (
    <UnstyledButton
      className={classes.breakButton}
      data-testid="break-block"
      data-pinned={pinned || undefined}
      aria-label={`${session.activity.name} at ${time}, ${session.duration} min, ${status}${pinned ? ', placed by you' : ''}`}
      onClick={() => onOpen(session.id)}
    >
      <span className={classes.breakLine}>
        <StatusIcon status={status} type={session.activity.type} />
        <span className={classes.breakName}>{session.activity.name}</span>
      </span>
      <span className={classes.breakLine}>
        {time} · {session.duration} min
      </span>
    </UnstyledButton>
  );

  return (
    <div className={classes.break} style={style} data-status={status}>
      {session.placementReason ? (
        <DelayedTooltip label={session.placementReason} className={classes.breakAnchor}>
          {button}
        </DelayedTooltip>
      ) : (
        button
      )}
      {status === 'scheduled' && <BreakActionsButton session={session} actions={actions} />}
    </div>
  );
}
