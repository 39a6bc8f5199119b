import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { AUTH_MESSAGES, loginSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { useLogin } from '../../features/auth/api';
import { useInvisibleCaptcha } from '../../features/auth/captcha';
import { usePublicConfig } from '../../features/config/api';
import { errorMessage } from '../../lib/api';
import { validate, type FieldErrors } from '../../lib/form';
import { useConsoleTitle } from '../../lib/use-document-title';

export default function LoginPage() {
  useConsoleTitle('Login');
  const { data: config } = usePublicConfig();
  const captcha = useInvisibleCaptcha(config?.captchaSiteKey);
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(loginSchema, { email, password });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    let token: string | undefined;
    try {
      token = await captcha.execute();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : AUTH_MESSAGES.signupFallback);
      return;
    }
    login.mutate(
      { email, password, ...(token ? { 'g-recaptcha-response': token } : {}) },
      { onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)) },
    );
  };

  return (
    <AuthCard title="Login to your account">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setErrors((x) => ({ ...x, email: undefined }));
            }}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
            error={errors.password}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={routes.resetPassword()} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <div ref={captcha.containerRef} />
          <Button type="submit" loading={login.isPending} fullWidth>
            Login
          </Button>
          <Text size="sm" ta="center">
            Don't have an account?{' '}
            <Anchor component={Link} to={routes.signup()}>
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
