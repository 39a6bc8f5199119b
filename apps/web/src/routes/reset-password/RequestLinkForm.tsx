import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { resetLinkSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { AuthLink } from '../../components/AuthLink';
import { FormAlert } from '../../components/FormAlert';
import { useResetLink } from '../../features/auth/api';
import { useCaptchaForm } from '../../features/auth/use-captcha-form';
import { HydratedForm } from '../../components/HydratedForm';

export function RequestLinkForm() {
  const resetLink = useResetLink();
  const { form, formError, captchaRef, onSubmit } = useCaptchaForm(resetLinkSchema, { email: '' }, (body, onError) => resetLink.mutate(body, { onError }));

  return (
    <AuthCard title="Reset Password" subtitle="Enter the email address of your account and we will mail you a link to set a new password.">
      <HydratedForm onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput label="Email Address" type="email" autoComplete="email" {...form.bind('email')} />
          {resetLink.data && (
            <Alert color="green" role="status">
              {resetLink.data.message}
            </Alert>
          )}
          <FormAlert message={formError} />
          <div ref={captchaRef} />
          <Button type="submit" loading={resetLink.isPending} fullWidth>
            Email Password Reset Link
          </Button>
          <AuthLink prompt="Remembered it?" to={routes.login()}>
            Back to login
          </AuthLink>
        </Stack>
      </HydratedForm>
    </AuthCard>
  );
}
