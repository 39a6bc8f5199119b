import { Alert, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { SCIM_MESSAGES, type ScimProvisioning } from '@replay/contracts';
import { CopyButton } from '../../components/CopyButton';
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
          <Code data-testid="scim-base-url" style={{ wordBreak: 'break-all' }}>
            {data.baseUrl}
          </Code>
          <CopyButton value={data.baseUrl} label="SCIM base URL" />
        </Group>
        {shown && (
          <Alert color="yellow" title="Shown only once">
            <Stack gap="xs">
              <Text size="sm">{SCIM_MESSAGES.tokenShownOnce}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="scim-token" style={{ wordBreak: 'break-all' }}>
                  {shown}
                </Code>
                <CopyButton value={shown} label="SCIM token" />
              </Group>
            </Stack>
          </Alert>
        )}
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
