import { Button, Group, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useConnectCalDav } from './use-caldav';

const HINTS = [
  { name: 'Nextcloud', url: 'https://cloud.example.com/remote.php/dav' },
  { name: 'Fastmail', url: 'https://caldav.fastmail.com' },
  { name: 'iCloud', url: 'https://caldav.icloud.com', note: 'with an app-specific password' },
];

/** A CalDAV account (Nextcloud, Fastmail, iCloud, Radicale…): its server, user name and an app password. */
export function CalDavForm() {
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const connect = useConnectCalDav(() => setPassword(''));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!url.trim() || !username.trim() || !password) {
      setError('Enter the server address, your user name and an app password');
      return;
    }
    setError(undefined);
    connect.mutate({ url: url.trim(), username: username.trim(), password });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Connect CalDAV">
      <Stack gap="sm">
        <TextInput
          label="CalDAV server URL"
          placeholder="https://…"
          type="url"
          autoComplete="url"
          spellCheck={false}
          value={url}
          error={error}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <List size="sm" c="dimmed" spacing={2}>
          {HINTS.map((hint) => (
            <List.Item key={hint.name}>
              {hint.name}:{' '}
              <Text span ff="monospace" fz="sm">
                {hint.url}
              </Text>
              {hint.note ? ` (${hint.note})` : ''}
            </List.Item>
          ))}
        </List>
        <TextInput
          label="User name"
          autoComplete="username"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label="App password"
          description="Make an app password in your account's security settings; Breaker stores it encrypted."
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" variant="default" leftSection={<IconServer size={18} />} disabled={connect.isPending}>
            {connect.isPending ? 'Connecting...' : 'Connect CalDAV'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
