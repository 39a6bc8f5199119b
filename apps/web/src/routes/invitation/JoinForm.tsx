import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, MESSAGES, TEXT_LIMITS, invitationAcceptSchema, type InvitationInfo } from '@replay/contracts';
import { FormAlert } from '../../components/FormAlert';
import { PasswordPair } from '../../components/PasswordPair';
import { errorMessage } from '../../lib/api';
import { validate } from '../../lib/form';
import { useFormFields } from '../../lib/use-form-fields';
import { firstScreenFor, useAcceptInvitation } from './api';

/** Name and password (the shared strength rule, typed twice), then joined and signed in. */
export function JoinForm({ token, info }: { token: string; info: InvitationInfo }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useFormFields({ name: info.name, password: '', repeat: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const { name, password, repeat } = form.values;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(invitationAcceptSchema, { token, name, password });
    form.setErrors(checked.errors ?? {});
    if (!checked.data || password !== repeat) return;
    accept.mutate(checked.data, {
      onSuccess: (session) => void navigate(firstScreenFor(session.user.permissions), { replace: true }),
      onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Email Address" value={info.email} readOnly variant="filled" />
        <TextInput label="Organization" value={info.tenantName} readOnly variant="filled" />
        <TextInput label="Name" autoComplete="name" maxLength={TEXT_LIMITS.name} {...form.bind('name')} />
        <PasswordPair
          labels={['Password', 'Repeat Password']}
          password={password}
          repeat={repeat}
          onPasswordChange={(value) => form.set('password', value)}
          onRepeatChange={(value) => form.set('repeat', value)}
          description={MESSAGES.passwordStrength}
          error={form.errors.password}
        />
        <FormAlert message={formError} />
        <Button type="submit" loading={accept.isPending} disabled={!password || password !== repeat} fullWidth>
          Join
        </Button>
      </Stack>
    </form>
  );
}
