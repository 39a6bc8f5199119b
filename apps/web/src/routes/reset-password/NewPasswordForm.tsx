import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AUTH_MESSAGES, MESSAGES, passwordResetSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { useResetPassword } from '../../features/auth/api';
import { errorMessage } from '../../lib/api';
import { validate } from '../../lib/form';

/** The mailed link's screen: a new password twice, then signed in. */
export function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const mismatch = repeat.length > 0 && repeat !== password ? MESSAGES.passwordsDontMatch : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(passwordResetSchema, { token, password });
    setPasswordError(checked.errors?.password);
    if (!checked.data || password !== repeat) return;
    reset.mutate(checked.data, { onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)) });
  };

  return (
    <AuthCard title="Set a New Password" subtitle={MESSAGES.passwordStrength}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setPasswordError(undefined);
            }}
            error={passwordError}
          />
          <PasswordInput
            label="Repeat New Password"
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
          <Button type="submit" loading={reset.isPending} disabled={!password || password !== repeat} fullWidth>
            Reset Password
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={routes.resetPassword()}>
              Request a new link
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
