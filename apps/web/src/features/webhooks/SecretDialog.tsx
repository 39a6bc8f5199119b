import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { WEBHOOK_MESSAGES } from '@replay/contracts';
import { CopyButton } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';

/** The signing secret, shown once (after creating a webhook or rotating its secret): the console keeps it sealed and never shows it again. */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Dialog opened onClose={onClose} title="Signing secret" size="large">
      <Stack gap="md">
        <Text size="sm">{WEBHOOK_MESSAGES.secretOnce}</Text>
        <Text size="sm" c="dimmed">
          Verify each delivery's webhook-signature header with it (Standard Webhooks).
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyButton value={secret} label="Copy signing secret" />
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
