import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center mih="100dvh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}
