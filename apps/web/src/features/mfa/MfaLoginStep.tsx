import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@replay/contracts';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../lib/api';
import { useLoginMfa } from './api';

export const MFA_LOGIN_FAILED = 'The code could not be checked. Please try again.';

interface Props {
  mfaToken: string;
  /** Back to the password step (a challenge that expired, another account). */
  onBack: () => void;
}

/**
 * The second step of a sign-in: the six-digit code of the authenticator app, or one of the
 * recovery codes. The session starts with the answer, as after a one-step login.
 */
export function MfaLoginStep({ mfaToken, onBack }: Props) {
  const complete = useLoginMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(MESSAGES.required);
      return;
    }
    setError(null);
    complete.mutate({ mfaToken, code: typed }, { onError: (e) => setError(errorMessage(e, MFA_LOGIN_FAILED)) });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor authentication">
      <Stack gap="sm">
        <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
        <TextInput
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="text"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-autofocus
          autoFocus
        />
        <FormAlert message={error} />
        <Button type="submit" loading={complete.isPending} fullWidth>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
