import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface Props {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** The illustrated empty state of a list or an area. */
export function EmptyState({ icon, title, description, action }: Props) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center" py="xl">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        {/* A level below the page's h1 (no level skipped), drawn at the h3 size. */}
        <Title order={2} size="h3">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        {action}
      </Stack>
    </Paper>
  );
}
