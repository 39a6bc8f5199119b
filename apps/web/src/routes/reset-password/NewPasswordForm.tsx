import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, MESSAGES, isMfaChallenge, passwordResetSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { AuthLink } from '../../components/AuthLink';
import { FormAlert } from '../../components/FormAlert';
import { PasswordPair } from '../../components/PasswordPair';
import { useResetLinkState, useResetPassword } from '../../features/auth/api';
import { errorMessage, isNotFound } from '../../lib/api';
import { PageLoader } from '../../components/PageLoader';
import { validate } from '../../lib/form';
import { useFormFields } from '../../lib/use-form-fields';
import { HydratedForm } from '../../components/HydratedForm';
import { MfaLoginStepLazy } from '../../features/mfa/MfaLoginStepLazy';

export const RESET_LINK_CHECK_FAILED = 'The reset link could not be checked. Please try again.';

/** The mailed link's screen: whether the link still works, then a new password twice, then signed in. */
export function NewPasswordForm({ token }: { token: string }) {
  const link = useResetLinkState(token);
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

  // A used, expired or unknown link says so at once, with the way to a new one: no form that could only fail.
  if (link.isPending) return <PageLoader label="Checking the reset link" />;
  if (link.isError) {
    return (
      <AuthCard title="Set a New Password">
        <Stack gap="md">
          <Alert color="orange" role="alert">
            {isNotFound(link.error) ? errorMessage(link.error, AUTH_MESSAGES.resetTokenInvalid) : errorMessage(link.error, RESET_LINK_CHECK_FAILED)}
          </Alert>
          <AuthLink to={routes.resetPassword()}>Request a new link</AuthLink>
        </Stack>
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
