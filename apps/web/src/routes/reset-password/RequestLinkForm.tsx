import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { AUTH_MESSAGES, resetLinkSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { useResetLink } from '../../features/auth/api';
import { useInvisibleCaptcha } from '../../features/auth/captcha';
import { usePublicConfig } from '../../features/config/api';
import { errorMessage } from '../../lib/api';
import { validate } from '../../lib/form';

export function RequestLinkForm() {
  const { data: config } = usePublicConfig();
  const captcha = useInvisibleCaptcha(config?.captchaSiteKey);
  const resetLink = useResetLink();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(resetLinkSchema, { email });
    setEmailError(checked.errors?.email);
    if (!checked.data) return;
    try {
      const token = await captcha.execute();
      resetLink.mutate(
        { email, ...(token ? { 'g-recaptcha-response': token } : {}) },
        { onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)) },
      );
    } catch (error) {
      setFormError(error instanceof Error ? error.message : AUTH_MESSAGES.signupFallback);
    }
  };

  return (
    <AuthCard title="Reset Password" subtitle="Enter the email address of your account and we will mail you a link to set a new password.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setEmailError(undefined);
            }}
            error={emailError}
          />
          {resetLink.data && (
            <Alert color="green" role="status">
              {resetLink.data.message}
            </Alert>
          )}
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <div ref={captcha.containerRef} />
          <Button type="submit" loading={resetLink.isPending} fullWidth>
            Email Password Reset Link
          </Button>
          <Text size="sm" ta="center">
            Remembered it?{' '}
            <Anchor component={Link} to={routes.login()}>
              Back to login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
