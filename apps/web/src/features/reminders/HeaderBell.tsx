import type { User } from '@breaker/api-contract';
import { ActionIcon, Badge, Button, Popover, Stack, Text } from '@mantine/core';
import { IconBell, IconBellRinging, IconPlayerPlay } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import { formatDateTime, formatTime, resolveTimeZone } from '../../time/time-zone';
import { useNow } from '../../time/use-now';
import { BreakSessionHost } from '../break-session/BreakSessionHost';
import { startBreakSession } from '../break-session/session-request';
import { ButtonLink } from '../layout/links';
import { useNotificationPermission } from './browser-notifications';
import { dueBreak, upcomingBreak } from './reminder-schedule';
import { ReminderCard } from './ReminderCard';
import { useBreakFromAddress } from './break-from-address';
import { useBreakReminders } from './use-break-reminders';
import classes from './HeaderBell.module.css';

/** The header's bell: the break due now (with a badge) or the next one, reminders and the notification permission. */
export function HeaderBell({ user }: { user: User }) {
  const timeZone = resolveTimeZone(user.preferences.timezone);
  const enabled = user.preferences.notificationsEnabled;
  const breaks = trpc.breaks.upcoming.useQuery();
  const reminders = useBreakReminders(breaks.data, enabled, timeZone);
  useBreakFromAddress(breaks.data);
  const ticked = useNow(30_000).getTime();
  const now = Math.max(reminders.now, ticked);
  const due = breaks.data ? dueBreak(breaks.data, now) : undefined;
  const next = due ?? (breaks.data ? upcomingBreak(breaks.data, now) : undefined);
  const { permission, request } = useNotificationPermission();

  const label = due
    ? `Break due now: ${due.activity.name}`
    : next
      ? `Next break: ${next.activity.name} at ${formatTime(new Date(next.scheduledTime), timeZone)}`
      : 'No breaks coming up';

  return (
    <>
      <Popover position="bottom-end" shadow="md" width={300} withinPortal>
        {/* The button itself is the popover's target, so its popup state is announced on the control. */}
        <div className={classes.bell}>
          <Popover.Target>
            <ActionIcon variant="default" size="lg" radius="xl" aria-label={label}>
              {due ? <IconBellRinging size={20} /> : <IconBell size={20} />}
            </ActionIcon>
          </Popover.Target>
          {due && (
            <Badge size="xs" color="red" className={classes.badge} aria-hidden>
              Now
            </Badge>
          )}
        </div>
        <Popover.Dropdown>
          <Stack gap="sm">
            {next ? (
              <div>
                <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
                  {due ? 'Due now' : 'Next break'}
                </Text>
                <Text fw={600}>{next.activity.name}</Text>
                <Text fz="sm" c="dimmed">
                  {formatDateTime(new Date(next.scheduledTime), timeZone)} · {next.duration} min
                </Text>
              </div>
            ) : (
              <Text fz="sm">No breaks coming up. Refresh Breakers on the calendar to plan some.</Text>
            )}
            {next && (
              <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={() => startBreakSession(next)}>
                Start Break Session
              </Button>
            )}
            <ReminderSetting enabled={enabled} permission={permission} onAllow={() => void request()} />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {reminders.inPage && (
        <ReminderCard
          session={reminders.inPage}
          time={formatTime(new Date(reminders.inPage.scheduledTime), timeZone)}
          onDismiss={reminders.dismiss}
          onStart={() => {
            if (reminders.inPage) startBreakSession(reminders.inPage);
            reminders.dismiss();
          }}
        />
      )}
      <BreakSessionHost />
    </>
  );
}

interface ReminderSettingProps {
  enabled: boolean;
  permission: ReturnType<typeof useNotificationPermission>['permission'];
  onAllow: () => void;
}

function ReminderSetting({ enabled, permission, onAllow }: ReminderSettingProps) {
  if (!enabled) {
    return (
      <Stack gap={4}>
        <Text fz="sm">Break reminders are off.</Text>
        <ButtonLink to="/settings" size="xs" variant="light">
          Turn them on in Settings
        </ButtonLink>
      </Stack>
    );
  }
  if (permission === 'default') {
    return (
      <Button size="xs" variant="light" onClick={onAllow}>
        Allow browser notifications
      </Button>
    );
  }
  return (
    <Text fz="xs" c="dimmed">
      {permission === 'granted'
        ? 'Reminders arrive as browser notifications.'
        : 'Reminders show on this page while it is open (browser notifications are not allowed).'}
    </Text>
  );
}
