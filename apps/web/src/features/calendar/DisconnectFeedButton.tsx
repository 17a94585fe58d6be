import type { ButtonProps } from '@mantine/core';
import { laterModule } from '../../later/later-module';
import { useLater } from '../../later/use-later';
import { DisconnectButton } from './DisconnectButton';
import { useDisconnectFeed } from './use-disconnect-feed';

// The confirmation dialog is fetched on the first press, not with the screen.
const disconnectDialog = laterModule(() => import('./DisconnectFeedDialog'), {
  title: 'Disconnect Failed',
  message: 'The confirmation could not be loaded. Please try again.',
});

/** 'Disconnect feed', confirmed in a dialog; the feed's meetings leave the calendar. */
export function DisconnectFeedButton(props: ButtonProps) {
  const { loaded, intent: confirming, setIntent: setConfirming, ask } = useLater(disconnectDialog, false);
  const disconnect = useDisconnectFeed(() => setConfirming(false));
  const DisconnectFeedDialog = loaded?.DisconnectFeedDialog;

  return (
    <>
      <DisconnectButton label="Disconnect feed" pending={disconnect.isPending} onClick={() => ask(true)} {...props} />
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
