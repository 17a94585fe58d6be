import { Badge, Button, CopyButton, Group, List, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconRss } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';

/** Apple Calendar subscribes to `webcal://` addresses; the feed itself is served over the app's own scheme. */
function webcalAddress(url: string): string {
  return url.replace(/^https?:/, 'webcal:');
}

/**
 * "Subscribe to your breaks": a private iCalendar address of the upcoming breaks for any calendar app. Only a hash of
 * the address is kept, so it is shown once, right after it is made; replacing it makes a new one and the old one stop.
 */
export function BreaksFeedCard() {
  const utils = trpc.useUtils();
  const status = trpc.calendar.breaksFeed.useQuery();
  const [url, setUrl] = useState<string>();
  const create = trpc.calendar.createBreaksFeed.useMutation({
    onSuccess: async (answer) => {
      setUrl(answer.url);
      await utils.calendar.breaksFeed.invalidate();
    },
    onError: (error) => toastError({ title: 'Feed Not Created', message: errorMessage(error, 'Please try again.') }),
  });
  const revoke = trpc.calendar.revokeBreaksFeed.useMutation({
    onSuccess: async () => {
      setUrl(undefined);
      toastSuccess({ title: 'Feed Turned Off', message: 'The address of your breaks feed no longer works.' });
      await utils.calendar.breaksFeed.invalidate();
    },
    onError: (error) => toastError({ title: 'Feed Not Turned Off', message: errorMessage(error, 'Please try again.') }),
  });
  const active = status.data?.active === true;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="breaks-feed-title">
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="lg" id="breaks-feed-title">
          Subscribe to your breaks
        </Title>
        <Badge variant="light" color={active ? 'green' : 'gray'}>
          {active ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        Your upcoming breaks in any calendar app, kept up to date. The address is private: anyone who has it can see your breaks,
        so share it with no one.
      </Text>
      {url && (
        <Group align="end" gap="sm" mb="md" wrap="nowrap">
          <TextInput label="Your feed address" value={url} readOnly flex={1} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      {active && !url && (
        <Text fz="sm" mb="md">
          Your feed is on. Its address was shown when you made it; replace it to see a new one.
        </Text>
      )}
      <Group gap="sm" mb="md">
        <Button leftSection={<IconRss size={18} />} loading={create.isPending} onClick={() => create.mutate()}>
          {active ? 'Replace address' : 'Create address'}
        </Button>
        {active && (
          <Button variant="light" color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
            Turn off
          </Button>
        )}
      </Group>
      <Text fz="sm" fw={600}>
        Adding it to your calendar
      </Text>
      <List fz="sm" spacing={4}>
        <List.Item>
          Apple Calendar: File → New Calendar Subscription, then paste the address
          {url ? (
            <>
              {' '}
              (or open <a href={webcalAddress(url)}>this webcal:// link</a>)
            </>
          ) : null}
          .
        </List.Item>
        <List.Item>Outlook: Add calendar → Subscribe from web, then paste the address.</List.Item>
        <List.Item>Thunderbird: New Calendar → On the Network, then paste the address.</List.Item>
        <List.Item>Google Calendar: Other calendars → From URL, then paste the address.</List.Item>
      </List>
    </Paper>
  );
}
