import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { ACCOUNT_SSO_MESSAGES, ssoStartSchema } from '@replay/contracts';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../lib/api';
import { useSsoStart } from './api';

/** "Sign in with SSO": the work email first; its domain, claimed by an account, sends the browser to that account's IdP. */
export function SsoSignIn({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const start = useSsoStart();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ssoStartSchema.safeParse({ email });
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) start.mutate(parsed.data.email);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Work email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={invalid} />
        <FormAlert message={start.error ? errorMessage(start.error, ACCOUNT_SSO_MESSAGES.signInFailed) : null} />
        <Button type="submit" loading={start.isPending || start.isSuccess} fullWidth>
          Continue with SSO
        </Button>
        <Button variant="subtle" onClick={onBack} fullWidth>
          Sign in with a password
        </Button>
      </Stack>
    </form>
  );
}
