import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../lib/api';
import { useRequiredTextSubmit } from '../../lib/use-required-text-submit';
import { useLoginMfa } from './api';
import { passkeyErrorMessage, useLoginWithPasskey } from './webauthn-api';

export const MFA_LOGIN_FAILED = 'The code could not be checked. Please try again.';

interface Props {
  mfaToken: string;
  /** The member has a passkey or security key (the first step said so): it is offered first. */
  passkey?: boolean;
  /** Back to the password step (a challenge that expired, another account). */
  onBack: () => void;
}

/**
 * The second step of a sign-in: a passkey or security key (when the member has one), the
 * six-digit code of the authenticator app, or one of the recovery codes. The session starts
 * with the answer, as after a one-step login.
 */
export function MfaLoginStep({ mfaToken, passkey = false, onBack }: Props) {
  const complete = useLoginMfa();
  const withKey = useLoginWithPasskey();
  const {
    value: code,
    setValue: setCode,
    error,
    setError,
    onSubmit,
  } = useRequiredTextSubmit((typed, fail) => complete.mutate({ mfaToken, code: typed }, { onError: (e) => fail(errorMessage(e, MFA_LOGIN_FAILED)) }));

  const useKey = () => {
    setError(null);
    withKey.mutate(mfaToken, { onError: (e) => setError(passkeyErrorMessage(e, MFA_LOGIN_FAILED)) });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor authentication">
      <Stack gap="sm">
        {passkey && (
          <>
            <Button variant="default" onClick={useKey} loading={withKey.isPending} fullWidth>
              Use a passkey or security key
            </Button>
            <Divider label="or enter a code" labelPosition="center" />
          </>
        )}
        <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
        <TextInput label="Authentication code" autoComplete="one-time-code" inputMode="text" value={code} onChange={(e) => setCode(e.currentTarget.value)} data-autofocus autoFocus={!passkey} />
        <FormAlert message={error} />
        <Button type="submit" loading={complete.isPending} disabled={withKey.isPending} fullWidth>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
