import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { AUTH_MESSAGES, loginSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { AuthLink } from '../../components/AuthLink';
import { FormAlert } from '../../components/FormAlert';
import { useLogin } from '../../features/auth/api';
import { useInvisibleCaptcha } from '../../features/auth/captcha';
import { usePublicConfig } from '../../features/config/api';
import { errorMessage } from '../../lib/api';
import { validate } from '../../lib/form';
import { useFormFields } from '../../lib/use-form-fields';
import { useConsoleTitle } from '../../lib/use-document-title';

export default function LoginPage() {
  useConsoleTitle('Login');
  const { data: config } = usePublicConfig();
  const captcha = useInvisibleCaptcha(config?.captchaSiteKey);
  const login = useLogin();
  const form = useFormFields({ email: '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(loginSchema, form.values);
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    await captcha.submit(
      form.values,
      (body) => login.mutate(body, { onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)) }),
      setFormError,
    );
  };

  return (
    <AuthCard title="Login to your account">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label="Email Address" type="email" autoComplete="email" {...form.bind('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.bind('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to={routes.resetPassword()} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <FormAlert message={formError} />
          <div ref={captcha.containerRef} />
          <Button type="submit" loading={login.isPending} fullWidth>
            Login
          </Button>
          <AuthLink prompt="Don't have an account?" to={routes.signup()}>
            Sign up
          </AuthLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
