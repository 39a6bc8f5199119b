import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, MESSAGES, isMfaChallenge, passwordResetSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { AuthLink } from '../../components/AuthLink';
import { FormAlert } from '../../components/FormAlert';
import { PasswordPair } from '../../components/PasswordPair';
import { useResetPassword } from '../../features/auth/api';
import { errorMessage } from '../../lib/api';
import { validate } from '../../lib/form';
import { useFormFields } from '../../lib/use-form-fields';
import { HydratedForm } from '../../components/HydratedForm';
import { MfaLoginStepLazy } from '../../features/mfa/MfaLoginStepLazy';

/** The mailed link's screen: a new password twice, then signed in. */
export function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useFormFields({ password: '', repeat: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const { password, repeat } = form.values;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(passwordResetSchema, { token, password });
    form.setErrors(checked.errors ?? {});
    if (!checked.data || password !== repeat) return;
    reset.mutate(checked.data, { onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)) });
  };

  // The password is changed; a member with a second factor proves it before the session starts.
  if (reset.data && isMfaChallenge(reset.data)) {
    return (
      <AuthCard title="Two-factor authentication">
        <MfaLoginStepLazy mfaToken={reset.data.mfaToken} passkey={reset.data.passkey === true} onBack={() => void navigate(routes.login())} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a New Password" subtitle={MESSAGES.passwordStrength}>
      <HydratedForm onSubmit={onSubmit}>
        <Stack gap="sm">
          <PasswordPair
            labels={['New Password', 'Repeat New Password']}
            password={password}
            repeat={repeat}
            onPasswordChange={(value) => form.set('password', value)}
            onRepeatChange={(value) => form.set('repeat', value)}
            error={form.errors.password}
          />
          <FormAlert message={formError} />
          <Button type="submit" loading={reset.isPending} disabled={!password || password !== repeat} fullWidth>
            Reset Password
          </Button>
          <AuthLink to={routes.resetPassword()}>Request a new link</AuthLink>
        </Stack>
      </HydratedForm>
    </AuthCard>
  );
}
