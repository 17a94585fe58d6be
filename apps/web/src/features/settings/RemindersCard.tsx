import type { Preferences } from '@breaker/api-contract';
import { Alert, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { SegmentedChoice } from '../layout/SegmentedChoice';
import {
  currentSubscription,
  isThisDevice,
  listDevices,
  pushSupport,
  removeDevice,
  removeThisDevice,
  sendTestNotification,
  subscribeThisDevice,
} from '../reminders/push-device';
import { CardHeading } from './CardHeading';

const LEAD_CHOICES = [
  { value: '0', label: 'At the start' },
  { value: '1', label: '1 min before' },
  { value: '5', label: '5 min before' },
] as const;

const PUSH_KEYS = { thisDevice: ['push', 'this-device'], devices: ['push', 'devices'] } as const;

/** Reminders that reach the user: pushed to this device, the devices that get them, when, and calendar alerts. */
export function RemindersCard({ preferences }: { preferences: Preferences }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <CardHeading title="Reminders">Get a notification when a break is due, even when Breaker is not open.</CardHeading>
      <Stack gap="md">
        <ThisDevice />
        <Devices />
        <PreferenceControls preferences={preferences} />
      </Stack>
    </Paper>
  );
}

function ThisDevice() {
  const support = pushSupport();
  const client = useQueryClient();
  const subscription = useQuery({
    queryKey: PUSH_KEYS.thisDevice,
    queryFn: currentSubscription,
    enabled: support !== 'unsupported',
  });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? subscribeThisDevice() : removeThisDevice()),
    onSettled: () => client.invalidateQueries({ queryKey: ['push'] }),
    onError: (error) => toastError({ title: 'Reminders Not Changed', message: error.message }),
  });
  if (support === 'unsupported') {
    return (
      <Alert color="gray" title="This browser cannot receive pushed reminders">
        Breaker reminds you on its page while it is open.
      </Alert>
    );
  }
  const on = change.isPending ? change.variables : Boolean(subscription.data);
  return (
    <Stack gap="xs">
      <Switch
        label="Send reminders to this device"
        description={change.isPending ? (on ? 'Turning on...' : 'Turning off...') : undefined}
        checked={on}
        disabled={change.isPending || subscription.isPending || support === 'denied'}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
      />
      {support === 'denied' && (
        <Alert color="yellow" title="Notifications are blocked">
          Allow notifications for Breaker in your browser's site settings, then turn reminders on here.
        </Alert>
      )}
    </Stack>
  );
}

function Devices() {
  const client = useQueryClient();
  const devices = useQuery({ queryKey: PUSH_KEYS.devices, queryFn: listDevices });
  const remove = useMutation({
    mutationFn: removeDevice,
    onSettled: () => client.invalidateQueries({ queryKey: ['push'] }),
    onError: (error) => toastError({ title: 'Device Not Removed', message: error.message }),
  });
  const test = useMutation({
    mutationFn: sendTestNotification,
    onSuccess: ({ sent }) =>
      toastSuccess({
        title: 'Test Sent',
        message: sent === 1 ? 'A test notification is on its way.' : `Test notifications are on their way to ${sent} devices.`,
      }),
    onError: (error) => toastError({ title: 'Test Not Sent', message: error.message }),
  });
  if (devices.isError) return <Text fz="sm">Your devices could not be loaded. {devices.error.message}</Text>;
  if (!devices.data) return null;
  if (devices.data.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No device gets pushed reminders yet.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={600}>
        Devices that get reminders
      </Text>
      <ul aria-label="Devices that get reminders" style={{ margin: 0, paddingLeft: '1.2em' }}>
        {devices.data.map((device) => (
          <li key={device.id}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text fz="sm">
                {device.label}
                {isThisDevice(device.id) ? ' (this browser)' : ''}{' '}
                <Text span c="dimmed" fz="xs">
                  · added {new Date(device.createdAt).toLocaleDateString()}
                </Text>
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-xs"
                aria-label={`Remove ${device.label}`}
                onClick={() => remove.mutate(device.id)}
                disabled={remove.isPending}
              >
                Remove
              </Button>
            </Group>
          </li>
        ))}
      </ul>
      <Group>
        <Button variant="light" size="xs" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? 'Sending...' : 'Send a test notification'}
        </Button>
      </Group>
    </Stack>
  );
}

function PreferenceControls({ preferences }: { preferences: Preferences }) {
  const utils = trpc.useUtils();
  const save = trpc.preferences.update.useMutation({
    // The answer is the saved preferences: the controls show them as soon as it comes, with no second read.
    onSuccess: (saved) => {
      utils.preferences.get.setData(undefined, saved);
      return utils.auth.user.invalidate();
    },
    onError: (error) => toastError({ title: 'Update Failed', message: errorMessage(error, 'Failed to update preferences') }),
  });
  // While a change is saved, the controls show it.
  const shown = { ...preferences, ...(save.isPending ? save.variables.preferences : {}) };
  return (
    <>
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          When to remind you
        </Text>
        <SegmentedChoice
          label="When to remind you"
          value={String(shown.reminderLeadMinutes) as '0' | '1' | '5'}
          options={LEAD_CHOICES}
          onChange={(value) => save.mutate({ preferences: { reminderLeadMinutes: Number(value) } })}
        />
      </Stack>
      {preferences.calendarBookingEnabled && (
        <Switch
          label="Calendar alerts"
          description="Your calendar app also alerts you as each break it holds starts."
          checked={shown.calendarAlertsEnabled}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ preferences: { calendarAlertsEnabled: event.currentTarget.checked } })}
        />
      )}
    </>
  );
}
