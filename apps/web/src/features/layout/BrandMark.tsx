import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCoffee } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@breaker/api-contract';

export function BrandMark() {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon variant="filled" radius="md" size="lg" aria-hidden>
        <IconCoffee size={20} />
      </ThemeIcon>
      <Text fw={700} fz="lg">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
