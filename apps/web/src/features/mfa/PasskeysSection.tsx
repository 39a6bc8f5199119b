import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { WEBAUTHN_NAME_MAX, type WebauthnCredential } from '@replay/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormAlert } from '../../components/FormAlert';
import { DataTable } from '../../components/list/DataTable';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date';
import { notifySuccess } from '../../lib/notify';
import { useRequiredTextSubmit } from '../../lib/use-required-text-submit';
import { passkeyErrorMessage, useAddPasskey, usePasskeys, useRemovePasskey } from './webauthn-api';

export const PASSKEY_ACTION_FAILED = 'The passkey or security key could not be changed. Please try again.';

interface Props {
  /** A key was added; the recovery codes when it was the first second factor. */
  onAdded: (recoveryCodes: string[] | null) => void;
}

/** "Passkeys and security keys": add one (named, through the browser's prompt), see each one's use, remove one. */
export function PasskeysSection({ onAdded }: Props) {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WebauthnCredential | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (passkeys.isPending) return <Loader size="sm" aria-label="Loading passkeys and security keys" />;
  if (passkeys.isError) return <Alert color="red">{errorMessage(passkeys.error, 'Passkeys and security keys could not be loaded.')}</Alert>;
  const keys = passkeys.data.credentials;

  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => notifySuccess(`${removing.name} removed`),
      onError: (e) => setError(errorMessage(e, PASSKEY_ACTION_FAILED)),
      onSettled: () => setRemoving(null),
    });

  return (
    <Stack gap="sm" maw={640}>
      {/* Bold text, not a heading: the section sits under an h2 on the profile and an h1 on the forced set-up. */}
      <Text size="sm" fw={600}>
        Passkeys and security keys
      </Text>
      {keys.length ? (
        <DataTable label="Passkeys and security keys" columns={['Name', 'Added', 'Last used']} actions>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {key.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(key.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{key.lastUsedAt === null ? 'Never' : formatDateTime(key.lastUsedAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <Button size="compact-sm" variant="light" color="red" onClick={() => setRemoving(key)} aria-label={`Remove ${key.name}`}>
                    Remove
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      ) : (
        <Text size="sm">No passkey or security key yet. Add one to sign in with it instead of a code.</Text>
      )}
      {adding ? (
        <AddPasskeyForm
          onDone={(codes) => {
            setAdding(false);
            onAdded(codes);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Group>
          <Button variant="default" onClick={() => (setError(null), setAdding(true))}>
            Add a passkey or security key
          </Button>
        </Group>
      )}
      <FormAlert message={error} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this passkey or security key?"
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing?.name} will no longer sign you in.
      </ConfirmDialog>
    </Stack>
  );
}

/** The new key's name, then the browser's prompt to touch or unlock it. */
function AddPasskeyForm({ onDone, onCancel }: { onDone: (recoveryCodes: string[] | null) => void; onCancel: () => void }) {
  const add = useAddPasskey();
  const {
    value: name,
    setValue: setName,
    error,
    onSubmit,
  } = useRequiredTextSubmit((text, fail) =>
    add.mutate(text, {
      onSuccess: ({ credential, recoveryCodes }) => {
        notifySuccess(`${credential.name} added`);
        onDone(recoveryCodes);
      },
      onError: (e) => fail(passkeyErrorMessage(e, PASSKEY_ACTION_FAILED)),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a passkey or security key">
      <Stack gap="sm">
        <TextInput
          label="Name of the passkey or security key"
          description="For you to tell your keys apart, e.g. YubiKey or Work laptop."
          value={name}
          maxLength={WEBAUTHN_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          maw={320}
          data-autofocus
        />
        <FormAlert message={error} />
        <Group gap="sm">
          <Button type="submit" loading={add.isPending}>
            Continue
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
