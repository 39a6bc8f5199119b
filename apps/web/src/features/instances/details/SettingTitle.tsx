import { Badge, Group, Title } from '@mantine/core';

/** A setting's heading in the details page's tabs, with a badge while the workflow is still applying its last save. */
export function SettingTitle({ title, titleId, pending, pendingText }: { title: string; titleId?: string; pending: boolean; pendingText: string }) {
  return (
    <Group gap="sm">
      <Title order={3} size="h4" id={titleId}>
        {title}
      </Title>
      {pending && (
        <Badge variant="light" color="blue" role="status">
          {pendingText}
        </Badge>
      )}
    </Group>
  );
}
