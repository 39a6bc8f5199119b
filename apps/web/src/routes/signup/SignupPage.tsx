import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { AUTH_MESSAGES, TEXT_LIMITS, routes, signupSchema } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { useSignup } from '../../features/auth/api';
import { useInvisibleCaptcha } from '../../features/auth/captcha';
import { clearLastPath } from '../../features/auth/last-path';
import { usePublicConfig } from '../../features/config/api';
import { errorMessage } from '../../lib/api';
import { validate, type FieldErrors } from '../../lib/form';
import { useConsoleTitle } from '../../lib/use-document-title';
import { HelpButton } from './HelpButton';
import { SignupPitch } from './SignupPitch';

const EMPTY = { fullname: '', organizationName: '', email: '', password: '' };
type Field = keyof typeof EMPTY;

export default function SignupPage() {
  useConsoleTitle('Create Account');
  const { data: config } = usePublicConfig();
  const captcha = useInvisibleCaptcha(config?.captchaSiteKey);
  const signup = useSignup();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(signupSchema, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    let token: string | undefined;
    try {
      token = await captcha.execute();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : AUTH_MESSAGES.signupFallback);
      return;
    }
    // A new account starts on the instances list, not on a path remembered before.
    clearLastPath();
    signup.mutate(
      { ...values, ...(token ? { 'g-recaptcha-response': token } : {}) },
      { onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)) },
    );
  };

  return (
    <AuthCard title="Create Account" subtitle="Start your 7-day free trial." aside={<SignupPitch />}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            autoComplete="name"
            maxLength={TEXT_LIMITS.name}
            value={values.fullname}
            onChange={(e) => set('fullname')(e.currentTarget.value)}
            error={errors.fullname}
          />
          <TextInput
            label="Organization"
            autoComplete="organization"
            maxLength={TEXT_LIMITS.organization}
            value={values.organizationName}
            onChange={(e) => set('organizationName')(e.currentTarget.value)}
            error={errors.organizationName}
          />
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={errors.password}
          />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <div ref={captcha.containerRef} />
          <Button type="submit" loading={signup.isPending} fullWidth mt="xs">
            Create Account
          </Button>
          {config && (
            <Text size="xs" c="dimmed" ta="center">
              By creating an account you agree to the{' '}
              <Anchor href={config.termsUrl} target="_blank" rel="noreferrer" size="xs">
                Terms of Service
              </Anchor>{' '}
              and the{' '}
              <Anchor href={config.privacyUrl} target="_blank" rel="noreferrer" size="xs">
                Privacy Policy
              </Anchor>
              .
            </Text>
          )}
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={routes.login()}>
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
      <HelpButton />
    </AuthCard>
  );
}
