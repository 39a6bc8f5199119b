import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import IconKey from '@tabler/icons-react/dist/esm/icons/IconKey.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { API_KEY_MESSAGES, API_KEY_ROTATION_OVERLAP_MS, canOpenScreen, type ApiKey, type ApiKeyWithSecret } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyableValue } from '../../components/CopyableValue';
import { EmptyState } from '../../components/EmptyState';
import { ListStates } from '../../components/list/ListStates';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useApiKeys, useRevokeApiKey, useRotateApiKey } from '../../features/api-keys/api';
import { ApiKeysTable, type KeyAction } from '../../features/api-keys/ApiKeysTable';
import { CreateKeyDialog } from '../../features/api-keys/CreateKeyDialog';
import { KeySecretDialog } from '../../features/api-keys/KeySecretDialog';
import { PermissionViewerDrawer } from '../../features/permission-viewer/PermissionViewerDrawer';
import { KeyValue } from './KeyValue';
import { Section } from './Section';

const OVERLAP_HOURS = API_KEY_ROTATION_OVERLAP_MS / 3_600_000;

/** The section's title and, for members who may change keys, its create button. */
function ApiKeysHeading({ onCreate }: { onCreate: (() => void) | null }) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Title order={2} size="h4" id="section-api-keys">
          API Keys
        </Title>
        <Text size="sm" c="dimmed">
          Keys for scripts and services calling the console's API. Each holds one of your roles and expires within a year.
        </Text>
      </Stack>
      {onCreate && (
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
          Create API key
        </Button>
      )}
    </Group>
  );
}

/** Admins' view of the key the trackers send (the account's project key). */
function ProjectKeySection({ tenantKey }: { tenantKey: string }) {
  return (
    <Section title="Project key" description="The key the tracker in your pages sends with recordings.">
      <Paper withBorder radius="md" p="lg">
        <KeyValue label="Project key">
          <CopyableValue value={tenantKey} label="project key" />
        </KeyValue>
      </Paper>
    </Section>
  );
}

/**
 * /account/api-keys: the account's API keys (issue 18). Each holds a role and expires; its
 * secret is shown once. Listing needs the Team screen, changing keys EDIT_MEMBERS. Admins
 * also see the project key the trackers send.
 */
export default function ApiKeysPage() {
  const account = useAccount();
  const mayList = canOpenScreen(account.permissions, 'members');
  const mayEdit = canOpenScreen(account.permissions, 'membersEdit');
  const keys = useApiKeys(mayList);
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ created: ApiKeyWithSecret; rotated: boolean } | null>(null);
  const [confirm, setConfirm] = useState<{ action: KeyAction; key: ApiKey } | null>(null);
  const [viewing, setViewing] = useState<ApiKey | null>(null);

  const onConfirm = async () => {
    if (!confirm) return;
    const { action, key } = confirm;
    try {
      if (action === 'rotate') {
        setShown({ created: await rotate.mutateAsync(key.keyId), rotated: true });
        notifySuccess(API_KEY_MESSAGES.rotated);
      } else {
        await revoke.mutateAsync(key.keyId);
        notifySuccess(API_KEY_MESSAGES.revoked);
      }
    } catch (err) {
      notifyError(errorMessage(err, action === 'rotate' ? 'Could not rotate the key.' : 'Could not revoke the key.'));
    }
    setConfirm(null);
  };

  return (
    <Stack gap="xl">
      {/* The full width, not a Section's two columns: the list's six columns then fit without scrolling sideways. */}
      <Stack component="section" aria-labelledby="section-api-keys" gap="md" py="lg">
        <ApiKeysHeading onCreate={mayEdit ? () => setCreating(true) : null} />
        {mayList ? (
          <ListStates
            query={keys}
            loading={{ label: 'Loading API keys', rows: 3, height: 44 }}
            errorPrefix="Error fetching API keys"
            isEmpty={(data) => data.keys.length === 0}
            empty={<EmptyState icon={<IconKey size={32} />} title="No API keys yet" description="Create a key to call the API from a script or a service." />}
          >
            {(data) => (
              <ApiKeysTable keys={data.keys} viewerId={account.userId} onAction={mayEdit ? (key, action) => (action === 'permissions' ? setViewing(key) : setConfirm({ action, key })) : null} />
            )}
          </ListStates>
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Text size="sm">API keys are managed by members who may view the team. Please ask an admin.</Text>
          </Paper>
        )}
      </Stack>
      {account.tenantKey !== null && <ProjectKeySection tenantKey={account.tenantKey} />}
      {mayEdit && viewing && <PermissionViewerDrawer subject={{ keyId: viewing.keyId }} name={viewing.name} onClose={() => setViewing(null)} />}
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setShown({ created, rotated: false });
          }}
        />
      )}
      {shown && <KeySecretDialog created={shown.created} rotated={shown.rotated} onClose={() => setShown(null)} />}
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.action === 'revoke' ? `Revoke ${confirm.key.name}` : `Rotate ${confirm?.key.name ?? ''}`}
        confirmLabel={confirm?.action === 'revoke' ? 'Revoke' : 'Rotate'}
        danger={confirm?.action === 'revoke'}
        loading={rotate.isPending || revoke.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirm(null)}
      >
        {confirm?.action === 'revoke' ? API_KEY_MESSAGES.revokeConfirm : `A new secret is made and shown once. The current secret keeps working for ${OVERLAP_HOURS} hours, then stops.`}
      </ConfirmDialog>
    </Stack>
  );
}
