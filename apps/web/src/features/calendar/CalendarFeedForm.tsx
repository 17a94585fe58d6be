import { Button, Group, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useConnectFeed } from './use-connect-feed';

export const FEED_HINT =
  'In Outlook, Apple Calendar or Fastmail, copy the secret iCal / ICS address of your calendar. webcal:// works too.';

/** Paste a secret iCalendar address (Outlook, Apple, Fastmail…) and connect it as a read-only calendar. */
export function CalendarFeedForm({ onConnected, autoFocus }: { onConnected?: () => void; autoFocus?: boolean }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const connect = useConnectFeed(() => {
    setUrl('');
    onConnected?.();
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!url.trim()) {
      setError('Enter the address of your calendar feed');
      return;
    }
    setError(undefined);
    connect.mutate({ url: url.trim() });
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label="Calendar feed URL (ICS)"
        description={FEED_HINT}
        placeholder="https://… or webcal://…"
        type="url"
        autoComplete="off"
        spellCheck={false}
        data-autofocus={autoFocus || undefined}
        value={url}
        error={error}
        onChange={(event) => setUrl(event.currentTarget.value)}
      />
      <Group mt="sm">
        <Button type="submit" variant="default" leftSection={<IconLink size={18} />} disabled={connect.isPending}>
          {connect.isPending ? 'Connecting...' : 'Connect feed'}
        </Button>
      </Group>
    </form>
  );
}
