import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { DisconnectButton } from './DisconnectButton';
import { useCalDavCalendars, useDisconnectCalDav } from './use-caldav';

/** The account's calendars: which hold busy time (default: all), which one Breaker writes its breaks into. */
export function CalDavCalendars() {
  const { calendars, choose, saving } = useCalDavCalendars();
  const disconnect = useDisconnectCalDav();
  const list = calendars.data ?? [];
  const writeTarget = list.find((c) => c.writeTarget)?.calendarId ?? '';

  return (
    <Stack gap="md" mb="md">
      {list.length > 0 && (
        <>
          <Checkbox.Group
            label="Calendars with your meetings"
            description="Breaks are placed around the busy events of these calendars."
            value={list.filter((c) => c.busy).map((c) => c.calendarId)}
            onChange={(busy) =>
              choose(
                list.map((c) => ({ calendarId: c.calendarId, busy: busy.includes(c.calendarId), writeTarget: c.writeTarget })),
              )
            }
          >
            <Stack gap={6} mt="xs">
              {list.map((c) => (
                <Checkbox key={c.calendarId} value={c.calendarId} label={c.name} disabled={saving} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Radio.Group
            label="Write breaks into"
            description="Breaks appear there as free time, so they never block anyone's booking."
            value={writeTarget}
            onChange={(target) =>
              choose(list.map((c) => ({ calendarId: c.calendarId, busy: c.busy, writeTarget: c.calendarId === target })))
            }
          >
            <Stack gap={6} mt="xs">
              {list.map((c) => (
                <Radio key={c.calendarId} value={c.calendarId} label={c.name} disabled={saving} />
              ))}
            </Stack>
          </Radio.Group>
        </>
      )}
      {calendars.isError && (
        <Text c="red.8" fz="sm">
          Your calendars could not be loaded.
        </Text>
      )}
      <div>
        <DisconnectButton label="Disconnect CalDAV" pending={disconnect.isPending} onClick={() => disconnect.mutate()} />
      </div>
    </Stack>
  );
}
