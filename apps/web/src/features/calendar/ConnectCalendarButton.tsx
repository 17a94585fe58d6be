import { Button, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { toastError } from '../../toast';

const CALENDAR_AUTH_URL = '/api/auth/google/calendar';

/** Sends the browser to the calendar authorisation; the page comes back to /calendar with the outcome. */
export function ConnectCalendarButton({ icon, ...props }: ButtonProps & { icon?: ReactNode }) {
  const [connecting, setConnecting] = useState(false);

  function connect() {
    setConnecting(true);
    try {
      window.location.assign(CALENDAR_AUTH_URL);
    } catch {
      setConnecting(false);
      toastError({ title: 'Connection Error', message: 'Unable to connect your calendar. Please try again.' });
    }
  }

  return (
    <Button variant="default" leftSection={icon} disabled={connecting} onClick={connect} {...props}>
      {connecting ? 'Connecting...' : 'Connect Google Calendar'}
    </Button>
  );
}
