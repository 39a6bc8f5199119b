import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@replay/contracts';
import { fail, ok, stubApi, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';

function anonymousApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/refresh': fail(401, 'No session.'),
    'GET /api/public-config': ok(publicConfig),
    ...extra,
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: true });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Create Account' }));

describe('sign-up', () => {
  it('never shows a bare "Console" before the product’s name: the line waits for it, keeping its place', async () => {
    let answer: (response: StubResponse) => void = () => undefined;
    anonymousApi({ 'GET /api/public-config': () => new Promise<StubResponse>((resolve) => (answer = resolve)) });
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    const line = screen.getByTestId('product-name');
    expect(line.textContent).toBe('\u00a0');
    expect(screen.queryByText(/Console/)).toBeNull();
    answer(ok(publicConfig));
    await waitFor(() => expect(line).toHaveTextContent(`${publicConfig.productName} Console`));
    expect(line).not.toHaveAttribute('aria-hidden');
  });

  it('shows the form with terms, privacy, login and help', async () => {
    anonymousApi();
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    for (const label of ['Name', 'Organization', 'Email Address', 'Password']) {
      expect(screen.getByLabelText(label, { exact: true })).toBeInTheDocument();
    }
    expect(await screen.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', publicConfig.termsUrl);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', publicConfig.privacyUrl);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('link', { name: 'Docs' })).toHaveAttribute('href', publicConfig.docsUrl);
    expect(screen.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', publicConfig.communityUrl);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Docs' })).toBeNull();
    // No captcha key: no captcha script.
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });

  it('advertises the six features of the trial', async () => {
    anonymousApi();
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['All core features', 'Dedicated VMs', 'Custom retention', 'End-to-end encryption', 'Daily backups', 'Single sign-on']);
  });

  it('requires all four fields', async () => {
    const api = anonymousApi();
    renderApp('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create Account' });
    await submit(user);
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(3);
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(api.callsTo('POST /api/signup')).toHaveLength(0);
  });

  it('checks the email, the password length, then its strength', async () => {
    anonymousApi();
    renderApp('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create Account' });
    await fill(user, { Name: 'Ada', Organization: 'Engines', 'Email Address': 'not-an-email', Password: 'short' });
    await submit(user);
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    await fill(user, { 'Email Address': 'ada@example.com', Password: 'alllowercase' });
    await submit(user);
    expect(screen.queryByText(MESSAGES.invalidEmail)).toBeNull();
    expect(screen.getByText(MESSAGES.passwordStrength)).toBeInTheDocument();
  });

  it("shows the server's first error, else 'Something went wrong'", async () => {
    let answer = fail(409, 'An account with this email address already exists.', 'second');
    anonymousApi({ 'POST /api/signup': () => answer });
    renderApp('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create Account' });
    await fill(user, { Name: 'Ada', Organization: 'Engines', 'Email Address': 'ada@example.com', Password: 'Secret-pass1' });
    await submit(user);
    expect(await screen.findByText('An account with this email address already exists.')).toBeInTheDocument();
    expect(screen.queryByText('second')).toBeNull();

    answer = { status: 500, body: 'not json' };
    await submit(user);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('signs up, sends the payload and lands on the instances list, its getting-started steps first (onboarding)', async () => {
    const api = anonymousApi({
      'POST /api/signup': { status: 201, body: { data: { user: makeAccount(), jwt: makeJwt() } } },
      'GET /api/managed-saas/instances': ok({ instances: [], total: 0 }),
    });
    localStorage.setItem('console.lastPath', '/billing');
    renderApp('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create Account' });
    await fill(user, { Name: 'Ada', Organization: 'Engines', 'Email Address': 'Ada@Example.com', Password: 'Secret-pass1' });
    await submit(user);
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    expect(locationNow()).toBe('/instances');
    const steps = screen.getByRole('region', { name: 'Getting Started' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Create your instance (next)', 'Install', 'Identify Users', 'Invite Team Members', 'Integrations']);
    expect(sessionStorage.getItem('console.session.onboarding')).toBe('1');
    expect(api.callsTo('POST /api/signup')[0]?.body).toEqual({
      fullname: 'Ada',
      organizationName: 'Engines',
      email: 'Ada@Example.com',
      password: 'Secret-pass1',
    });
    await waitFor(() => expect(document.title).toBe('Instances - Replay Console'));
  });
});
