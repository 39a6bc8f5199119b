import { Button, Group, Stack, Text } from '@mantine/core';
import { WEBHOOK_MESSAGES } from '@replay/contracts';
import { ShownOnceSecret } from '../../components/ShownOnceSecret';
import { Dialog } from '../../components/Dialog';

/** The signing secret, shown once (after creating a webhook or rotating its secret): the console keeps it sealed and never shows it again. */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Dialog opened onClose={onClose} title="Signing secret" size="large">
      <Stack gap="md">
        <ShownOnceSecret secret={secret} message={WEBHOOK_MESSAGES.secretOnce} label="signing secret" testId="webhook-secret" />
        <Text size="sm" c="dimmed">
          Verify each delivery's webhook-signature header with it (Standard Webhooks).
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
