import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_SSO_MESSAGES, isMfaChallenge, loginSchema, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { AuthLink } from '../../components/AuthLink';
import { FormAlert } from '../../components/FormAlert';
import { useLogin } from '../../features/auth/api';
import { useCaptchaForm } from '../../features/auth/use-captcha-form';
import { useConsoleTitle } from '../../lib/use-document-title';
import { HydratedForm } from '../../components/HydratedForm';
import { MfaLoginStepLazy } from '../../features/mfa/MfaLoginStepLazy';
import { SsoSignIn } from '../../features/account-sso/SsoSignIn';

export default function LoginPage() {
  useConsoleTitle('Login');
  const login = useLogin();
  const [search] = useSearchParams();
  const [sso, setSso] = useState(false);
  // The IdP's callback sends a sign-in that did not complete back here, saying so.
  const ssoOutcome = search.get('sso');
  const ssoFailed = ssoOutcome === 'failed' ? ACCOUNT_SSO_MESSAGES.signInFailed : ssoOutcome === 'no-seat' ? ACCOUNT_SSO_MESSAGES.noSeat : null;
  const { form, formError, captchaRef, onSubmit } = useCaptchaForm(loginSchema, { email: '', password: '' }, (body, onError) => login.mutate(body, { onError }));

  // The password was right and a second factor is owed: its step replaces the form.
  if (login.data && isMfaChallenge(login.data)) {
    return (
      <AuthCard title="Two-factor authentication">
        <MfaLoginStepLazy mfaToken={login.data.mfaToken} passkey={login.data.passkey === true} onBack={() => login.reset()} />
      </AuthCard>
    );
  }

  if (sso) {
    return (
      <AuthCard title="Sign in with SSO">
        <SsoSignIn onBack={() => setSso(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Login to your account">
      <FormAlert message={ssoFailed} />
      <HydratedForm onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput label="Email Address" type="email" autoComplete="email" {...form.bind('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.bind('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to={routes.resetPassword()} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <FormAlert message={formError} />
          <div ref={captchaRef} />
          <Button type="submit" loading={login.isPending} fullWidth>
            Login
          </Button>
          <Button variant="default" onClick={() => setSso(true)} fullWidth>
            Sign in with SSO
          </Button>
          <AuthLink prompt="Don't have an account?" to={routes.signup()}>
            Sign up
          </AuthLink>
        </Stack>
      </HydratedForm>
    </AuthCard>
  );
}
