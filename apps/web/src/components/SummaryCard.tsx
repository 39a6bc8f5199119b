import type { ReactNode } from 'react';
import { Card, Group, Skeleton, Text } from '@mantine/core';

interface Props {
  title: string;
  /** The value; undefined while it loads (a bar stands in for it). */
  value: ReactNode | undefined;
  /** The value's data-testid, for tests and end-to-end checks. */
  testId?: string;
  hint?: ReactNode;
  /** A small button beside the title (Edit, Set up). */
  action?: ReactNode;
  /** A headline figure (billing's amounts) rather than a fact among several (an instance's). */
  prominent?: boolean;
}

/** One summary card of a page's top row: its title, its value and a small line under it. */
export function SummaryCard({ title, value, testId, hint, action, prominent }: Props) {
  const heading = (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {title}
    </Text>
  );
  return (
    <Card withBorder radius="md" padding="md">
      {/* The title and the value stay siblings (a card read as 'its title's parent' finds its value); a row only with an action. */}
      {action ? (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {value === undefined ? (
        <Skeleton height={24} mt={6} width="60%" aria-label={`Loading ${title}`} />
      ) : (
        <Text fw={600} size={prominent ? 'xl' : undefined} mt={4} data-testid={testId}>
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
