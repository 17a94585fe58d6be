import { Button, type ButtonProps } from '@mantine/core';
import { IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { deferredModule } from '../../deferred-module';
import { toastError } from '../../toast';
import { useDisconnectFeed } from './use-disconnect-feed';

// The confirmation dialog is fetched on the first press, not with the screen.
const disconnectDialog = deferredModule(() => import('./DisconnectFeedDialog'));

/** 'Disconnect feed', confirmed in a dialog; the feed's meetings leave the calendar. */
export function DisconnectFeedButton(props: ButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectFeed(() => setConfirming(false));
  const DisconnectFeedDialog = disconnectDialog.useLoaded()?.DisconnectFeedDialog;

  function ask() {
    setConfirming(true);
    disconnectDialog.request().catch(() => {
      setConfirming(false);
      toastError({ title: 'Disconnect Failed', message: 'The confirmation could not be loaded. Please try again.' });
    });
  }

  return (
    <>
      <Button
        variant="default"
        color="red"
        leftSection={<IconUnlink size={18} />}
        disabled={disconnect.isPending}
        onClick={ask}
        {...props}
      >
        {disconnect.isPending ? 'Disconnecting...' : 'Disconnect feed'}
      </Button>
      {DisconnectFeedDialog && (
        <DisconnectFeedDialog
          opened={confirming}
          pending={disconnect.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => disconnect.mutate()}
        />
      )}
    </>
  );
}
