import { useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, mfaEndpoints } from '@replay/contracts';
import { Dialog } from '../../components/Dialog';
import { FormAlert } from '../../components/FormAlert';
import { call, errorMessage } from '../../lib/api';
import { mfaKeys } from './api';
import { settleProof, useProofRequested } from './fresh-proof';
import { passkeyErrorMessage, usePasskeys, useReauthWithPasskey } from './webauthn-api';

const PROOF_FAILED = 'Your identity could not be confirmed. Please try again.';

/** Asks for the password, a two-factor code or a passkey (when the member has one), when a call needs a fresh proof of identity (see fresh-proof.ts). */
export function FreshProofDialog() {
  const opened = useProofRequested();
  return (
    // Asked while another dialog waits on it (Create API key, Rotate): it stacks above that one.
    <Dialog opened={opened} onClose={() => settleProof(false)} title="Confirm it is you" size="small" overDialogs>
      {opened && <ProofForm />}
    </Dialog>
  );
}

function ProofForm() {
  const status = useQuery({ queryKey: mfaKeys.detail('status'), queryFn: () => call(mfaEndpoints.mfaStatus, {}) });
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passkeys = usePasskeys();
  const hasPasskey = (passkeys.data?.credentials.length ?? 0) > 0;
  const prove = useMutation({ mutationFn: (body: { password: string } | { code: string }) => call(mfaEndpoints.reauth, { body }) });
  const withKey = useReauthWithPasskey();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError(MESSAGES.required);
      return;
    }
    setError(null);
    prove.mutate(useCode ? { code: value.trim() } : { password: value }, {
      onSuccess: () => settleProof(true),
      onError: (e) => setError(errorMessage(e, PROOF_FAILED)),
    });
  };
  const useKey = () => {
    setError(null);
    withKey.mutate(undefined, {
      onSuccess: () => settleProof(true),
      onError: (e) => setError(passkeyErrorMessage(e, PROOF_FAILED)),
    });
  };
  const switchTo = (code: boolean) => {
    setUseCode(code);
    setValue('');
    setError(null);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">This change needs you to confirm your identity again.</Text>
        {hasPasskey && (
          <>
            <Button variant="default" onClick={useKey} loading={withKey.isPending} fullWidth>
              Use a passkey or security key
            </Button>
            <Divider label={useCode ? 'or enter a code' : 'or enter your password'} labelPosition="center" />
          </>
        )}
        {useCode ? (
          <TextInput label="Two-factor code" autoComplete="one-time-code" value={value} onChange={(e) => setValue(e.currentTarget.value)} data-autofocus />
        ) : (
          <PasswordInput label="Password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.currentTarget.value)} data-autofocus />
        )}
        {status.data?.totp && (
          <Anchor component="button" type="button" size="sm" onClick={() => switchTo(!useCode)}>
            {useCode ? 'Use your password instead' : 'Use a two-factor code instead'}
          </Anchor>
        )}
        <FormAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => settleProof(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={prove.isPending} disabled={withKey.isPending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
