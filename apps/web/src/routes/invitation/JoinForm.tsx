import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, MESSAGES, TEXT_LIMITS, invitationAcceptSchema, type InvitationInfo } from '@replay/contracts';
import { errorMessage } from '../../lib/api';
import { validate, type FieldErrors } from '../../lib/form';
import { firstScreenFor, useAcceptInvitation } from './api';

/** Name and password (the shared strength rule, typed twice), then joined and signed in. */
export function JoinForm({ token, info }: { token: string; info: InvitationInfo }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [name, setName] = useState(info.name);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mismatch = repeat.length > 0 && repeat !== password ? MESSAGES.passwordsDontMatch : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(invitationAcceptSchema, { token, name, password });
    setErrors(checked.errors ?? {});
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
        <TextInput
          label="Name"
          autoComplete="name"
          maxLength={TEXT_LIMITS.name}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          error={errors.name}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description={MESSAGES.passwordStrength}
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setErrors((x) => ({ ...x, password: undefined }));
          }}
          error={errors.password}
        />
        <PasswordInput
          label="Repeat Password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={mismatch}
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" loading={accept.isPending} disabled={!password || password !== repeat} fullWidth>
          Join
        </Button>
      </Stack>
    </form>
  );
}
