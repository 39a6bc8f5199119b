import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { SCIM_MESSAGES, type ScimProvisioning } from '@replay/contracts';
import { CopyableValue } from '../../components/CopyableValue';
import { ShownOnceSecret } from '../../components/ShownOnceSecret';
import { formatDateTime } from '../../lib/format-date';

interface Props {
  data: ScimProvisioning;
  /** The token just created: shown this once, then never again. */
  shown: string | null;
  busy: boolean;
  onCreate: () => void;
  onRevoke: () => void;
}

/** The SCIM base URL and token: when it was made and last used; create (or rotate) and revoke. */
export function ScimTokenPanel({ data, shown, busy, onCreate, onRevoke }: Props) {
  const { token } = data;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            SCIM base URL
          </Text>
          <CopyableValue value={data.baseUrl} label="SCIM base URL" testId="scim-base-url" />
        </Group>
        {shown && <ShownOnceSecret secret={shown} message={SCIM_MESSAGES.tokenShownOnce} label="SCIM token" testId="scim-token" />}
        <Text size="sm" data-testid="scim-token-state">
          {token
            ? `Token created ${formatDateTime(token.createdAt)} by ${token.createdBy}; ${token.lastUsedAt === null ? 'not used yet' : `last request ${formatDateTime(token.lastUsedAt)}`}.`
            : 'No SCIM token: your identity provider cannot provision users.'}
        </Text>
        <Group>
          <Button onClick={onCreate} loading={busy}>
            {token ? 'Rotate token' : 'Create token'}
          </Button>
          {token && (
            <Button color="red" variant="light" onClick={onRevoke} disabled={busy}>
              Revoke token
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
