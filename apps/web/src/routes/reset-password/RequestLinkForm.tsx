import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, resetLinkSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { AuthLink } from '../../components/AuthLink';
import { FormAlert } from '../../components/FormAlert';
import { useResetLink } from '../../features/auth/api';
import { useInvisibleCaptcha } from '../../features/auth/captcha';
import { usePublicConfig } from '../../features/config/api';
import { errorMessage } from '../../lib/api';
import { validate } from '../../lib/form';
import { useFormFields } from '../../lib/use-form-fields';

export function RequestLinkForm() {
  const { data: config } = usePublicConfig();
  const captcha = useInvisibleCaptcha(config?.captchaSiteKey);
  const resetLink = useResetLink();
  const form = useFormFields({ email: '' });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(resetLinkSchema, form.values);
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    await captcha.submit(
      form.values,
      (body) => resetLink.mutate(body, { onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)) }),
      setFormError,
    );
  };

  return (
    <AuthCard title="Reset Password" subtitle="Enter the email address of your account and we will mail you a link to set a new password.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label="Email Address" type="email" autoComplete="email" {...form.bind('email')} />
          {resetLink.data && (
            <Alert color="green" role="status">
              {resetLink.data.message}
            </Alert>
          )}
          <FormAlert message={formError} />
          <div ref={captcha.containerRef} />
          <Button type="submit" loading={resetLink.isPending} fullWidth>
            Email Password Reset Link
          </Button>
          <AuthLink prompt="Remembered it?" to={routes.login()}>
            Back to login
          </AuthLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
