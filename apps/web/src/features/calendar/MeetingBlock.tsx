import type { CalendarEvent } from '@breaker/api-contract';
import type { CSSProperties } from 'react';
import { formatTime } from '../../time/time-zone';
import classes from './GridBlocks.module.css';

interface MeetingBlockProps {
  event: CalendarEvent;
  timeZone: string;
  style: CSSProperties;
}

export function MeetingBlock({ event, timeZone, style }: MeetingBlockProps) {
  const time = `${formatTime(new Date(event.startTime), timeZone)} – ${formatTime(new Date(event.endTime), timeZone)}`;
  return (
    <div
      className={classes.meeting}
      data-testid="meeting-block"
      style={style}
      data-free={event.blocksTime ? undefined : true}
      title={`${event.title}, ${time}`}
    >
      <div className={classes.meetingTitle}>{event.title || 'Busy'}</div>
      <div className={classes.meetingTime}>{time}</div>
    </div>
  );
}
