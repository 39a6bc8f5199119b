import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** A screen's heading, with its actions on the right. */
export function PageTitle({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="lg" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
    </Group>
  );
}
