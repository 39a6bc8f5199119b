import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { TEXT_LIMITS, routes, signupSchema } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { AuthLink } from '../../components/AuthLink';
import { FormAlert } from '../../components/FormAlert';
import { useSignup } from '../../features/auth/api';
import { clearLastPath } from '../../features/auth/last-path';
import { useCaptchaForm } from '../../features/auth/use-captcha-form';
import { usePublicConfig } from '../../features/config/api';
import { useConsoleTitle } from '../../lib/use-document-title';
import { HelpButton } from './HelpButton';
import { SignupPitch } from './SignupPitch';
import { HydratedForm } from '../../components/HydratedForm';

export default function SignupPage() {
  useConsoleTitle('Create Account');
  const { data: config } = usePublicConfig();
  const signup = useSignup();
  const { form, formError, captchaRef, onSubmit } = useCaptchaForm(signupSchema, { fullname: '', organizationName: '', email: '', password: '' }, (body, onError) => {
    // A new account starts on the instances list, not on a path remembered before.
    clearLastPath();
    signup.mutate(body, { onError });
  });

  return (
    <AuthCard title="Create Account" subtitle="Start your 7-day free trial." aside={<SignupPitch />}>
      <HydratedForm onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput label="Name" autoComplete="name" maxLength={TEXT_LIMITS.name} {...form.bind('fullname')} />
          <TextInput label="Organization" autoComplete="organization" maxLength={TEXT_LIMITS.organization} {...form.bind('organizationName')} />
          <TextInput label="Email Address" type="email" autoComplete="email" {...form.bind('email')} />
          <PasswordInput label="Password" autoComplete="new-password" {...form.bind('password')} />
          <FormAlert message={formError} />
          <div ref={captchaRef} />
          <Button type="submit" loading={signup.isPending} fullWidth mt="xs">
            Create Account
          </Button>
          {config && (
            // Links inside a sentence are underlined: colour alone does not set them apart from the text (WCAG 1.4.1).
            <Text size="xs" c="dimmed" ta="center">
              By creating an account you agree to the{' '}
              <Anchor href={config.termsUrl} target="_blank" rel="noreferrer" size="xs" underline="always">
                Terms of Service
              </Anchor>{' '}
              and the{' '}
              <Anchor href={config.privacyUrl} target="_blank" rel="noreferrer" size="xs" underline="always">
                Privacy Policy
              </Anchor>
              .
            </Text>
          )}
          <AuthLink prompt="Already have an account?" to={routes.login()}>
            Login
          </AuthLink>
        </Stack>
      </HydratedForm>
      <HelpButton />
    </AuthCard>
  );
}
