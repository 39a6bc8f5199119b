import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';

/** One labelled value of a settings card. */
export function KeyValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {children}
      </Group>
    </Stack>
  );
}
