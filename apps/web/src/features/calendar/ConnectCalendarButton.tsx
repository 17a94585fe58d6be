import { Button, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { toastError } from '../../toast';

/** Where each OAuth calendar connection starts, and what its button says. */
const CALENDARS = {
  google: { url: '/api/auth/google/calendar', label: 'Connect Google Calendar' },
  microsoft: { url: '/api/auth/microsoft/calendar', label: 'Connect Microsoft Outlook' },
} as const;

/** Sends the browser to the calendar authorisation; the page comes back to /calendar with the outcome. */
export function ConnectCalendarButton({
  icon,
  calendar = 'google',
  ...props
}: ButtonProps & { icon?: ReactNode; calendar?: keyof typeof CALENDARS }) {
  const [connecting, setConnecting] = useState(false);

  function connect() {
    setConnecting(true);
    try {
      window.location.assign(CALENDARS[calendar].url);
    } catch {
      setConnecting(false);
      toastError({ title: 'Connection Error', message: 'Unable to connect your calendar. Please try again.' });
    }
  }

  return (
    <Button variant="default" leftSection={icon} disabled={connecting} onClick={connect} {...props}>
      {connecting ? 'Connecting...' : CALENDARS[calendar].label}
    </Button>
  );
}
