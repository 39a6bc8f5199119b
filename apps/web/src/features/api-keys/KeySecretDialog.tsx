import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { API_KEY_MESSAGES, type ApiKeyWithSecret } from '@replay/contracts';
import { ShownOnceSecret } from '../../components/ShownOnceSecret';
import { Dialog } from '../../components/Dialog';
import { formatDateTime } from '../../lib/format-date';

/**
 * A key's secret, shown once (after creating or rotating the key): the console keeps only its
 * digest. After a rotation it says until when the previous secret still works.
 */
export function KeySecretDialog({ created, rotated, onClose }: { created: ApiKeyWithSecret; rotated: boolean; onClose: () => void }) {
  const overlap = created.key.previousSecretValidUntil;
  return (
    <Dialog opened onClose={onClose} title={rotated ? `New secret of ${created.key.name}` : `API key ${created.key.name} created`} size="large">
      <Stack gap="md">
        <ShownOnceSecret secret={created.secret} message={API_KEY_MESSAGES.secretOnce} label="API key secret" testId="api-key-secret" />
        <Text size="sm" c="dimmed">
          Send it as the header <Code>Authorization: Bearer &lt;secret&gt;</Code>.
        </Text>
        {rotated && overlap !== null && (
          <Text size="sm" data-testid="rotation-overlap">
            The previous secret keeps working until {formatDateTime(overlap)}, then only this one does.
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
