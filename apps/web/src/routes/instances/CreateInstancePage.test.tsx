import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { BUDGET_MESSAGES, INSTANCE_MESSAGES, type Account } from '@replay/contracts';
import { fail, failWith, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { headerOf, makeInstance, queriesTo } from '../../features/instances/test-fixtures';

const BASE = '/api/managed-saas/instances';
const VALIDATE = `${BASE}/validate-domain`;
type Handlers = Parameters<typeof stubSignedIn>[2];

function open(account: Partial<Account> = {}, handlers: Handlers = {}) {
  const stub = stubSignedIn(makeAccount(account), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    [`GET ${VALIDATE}`]: () => ok({ valid: queriesTo(stub, VALIDATE).at(-1)?.url !== 'taken' }),
    ...handlers,
  });
  renderApp('/instances/create');
  return { stub, user: userEvent.setup() };
}

const createButton = () => screen.getByRole('button', { name: 'Create' });
const urlField = () => screen.getByRole('textbox', { name: /Instance URL/ });
const nameField = () => screen.getByRole('textbox', { name: /^Name/ });

// Toasts live in a module-level store: clear them so one test's toast is not read by the next.
afterEach(() => notifications.clean());

describe('Create Instance', () => {
  it('shows the breadcrumb, the fields with their defaults, the grouped regions and the note', async () => {
    const { user } = open();
    expect(await screen.findByRole('heading', { name: 'Create Instance', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Instances›Create Instance');
    expect(screen.getByRole('radio', { name: /Small/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Amazon Web Services' })).toBeChecked();
    expect(screen.getByText('free 7 day trial')).toBeInTheDocument();
    expect(screen.getByText(INSTANCE_MESSAGES.freeTrialEligible)).toBeInTheDocument();
    expect(screen.getByText(INSTANCE_MESSAGES.createNote)).toBeInTheDocument();
    // Overview: small in us-east-1, 720 hours a month.
    expect(screen.getByText('$0.276')).toBeInTheDocument();
    expect(screen.getByText('$198.72')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: /Region/ }));
    const groups = document.querySelectorAll('.mantine-Select-groupLabel, [class*="groupLabel"]');
    expect(Array.from(groups, (g) => g.textContent)).toEqual(['US East', 'Asia Pacific', 'Canada', 'Europe', 'Middle East', 'South America', 'US West']);
    await waitFor(() => expect(document.title).toBe('Create Instance - Replay Console'));
  });

  it('keeps only letters, digits, underscore and hyphen in the URL, at most 64, and suggests it from the name', async () => {
    const { user } = open();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'My Shop');
    expect(urlField()).toHaveValue('my-shop');
    await user.clear(urlField());
    await user.type(urlField(), 'shop.eu/é 1_a-b!');
    expect(urlField()).toHaveValue('shopeu1_a-b');
    await user.type(urlField(), 'x'.repeat(70));
    expect((urlField() as HTMLInputElement).value).toHaveLength(64);
  });

  it("checks the URL 500 ms after typing stops and says 'This URL is already taken.', which disables Create", async () => {
    const { stub, user } = open();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Shop');
    await user.clear(urlField());
    await user.type(urlField(), 'taken');
    expect(await screen.findByText(INSTANCE_MESSAGES.urlTaken)).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    // One check per pause, not one per key.
    expect(queriesTo(stub, VALIDATE).map((q) => q.url)).not.toContain('take');
    await user.type(urlField(), '2');
    expect(screen.queryByText(INSTANCE_MESSAGES.urlTaken)).toBeNull();
    await waitFor(() => expect(createButton()).toBeEnabled());
  });

  it('disables Create while the instance is invalid', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Create Instance', level: 1 });
    expect(createButton()).toBeDisabled();
    await user.type(nameField(), 'Shop');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.clear(urlField());
    expect(createButton()).toBeDisabled();
  });

  it('requires billing details for a bigger size, or for a second instance, with the tooltip', async () => {
    const { user } = open();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Shop');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: /Medium/ }));
    expect(createButton()).toBeDisabled();
    await user.hover(createButton().parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(INSTANCE_MESSAGES.billingRequired);
  });

  it('does not offer the free trial to an account that has an instance', async () => {
    const { user } = open({ instanceCount: 1 });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Shop');
    expect(screen.queryByText(INSTANCE_MESSAGES.freeTrialEligible)).toBeNull();
    expect(createButton()).toBeDisabled();
  });

  it('creates once on a double click, with an Idempotency-Key, then says so and goes to the list', async () => {
    const { stub, user } = open({}, { [`POST ${BASE}`]: { status: 201, body: { data: makeInstance({ name: 'Shop', status: 'creating', inProgress: true }) } } });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Shop');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.dblClick(createButton());
    expect(await screen.findByText(INSTANCE_MESSAGES.created('Shop'))).toBeInTheDocument();
    await waitFor(() => expect(locationNow()).toBe('/instances'));
    expect(stub.callsTo(`POST ${BASE}`)).toHaveLength(1);
    expect(stub.callsTo(`POST ${BASE}`)[0]?.body).toEqual({ name: 'Shop', provider: 'aws', region: 'us-east-1', size: 'small', url: 'shop' });
    expect(headerOf(stub, 'POST', BASE, 'idempotency-key')[0]).toMatch(/^[\w-]{16,}$/);
  });

  it('right after sign-up (onboarding), the first instance opens its getting-started steps, once', async () => {
    sessionStorage.setItem('console.session.onboarding', '1');
    open(
      {},
      {
        [`POST ${BASE}`]: { status: 201, body: { data: makeInstance({ instanceId: 'ins_new', name: 'Shop', status: 'creating', inProgress: true }) } },
        [`GET ${BASE}/ins_new`]: ok(makeInstance({ instanceId: 'ins_new', name: 'Shop', status: 'creating', inProgress: true })),
      },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Shop');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.click(createButton());
    await waitFor(() => expect(locationNow()).toBe('/ins_new/onboarding/installing'));
    expect(sessionStorage.getItem('console.session.onboarding')).toBeNull();
  });

  it("shows the server's first error, else 'Failed to create instance. ', and sends a new key after a refusal", async () => {
    let answer = fail(409, 'This URL is already taken.', 'second');
    const { stub, user } = open({}, { [`POST ${BASE}`]: () => answer });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Shop');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.click(createButton());
    expect(await screen.findByText('This URL is already taken.')).toBeInTheDocument();
    answer = fail(500);
    await user.click(createButton());
    expect(await screen.findByText(INSTANCE_MESSAGES.createFailed.trim())).toBeInTheDocument();
    const keys = headerOf(stub, 'POST', BASE, 'idempotency-key');
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(locationNow()).toBe('/instances/create');
  });

  it('shows the spend budget’s hard stop in its own words and stays on the form', async () => {
    const { user } = open({}, { [`POST ${BASE}`]: failWith('budget_exhausted', BUDGET_MESSAGES.exhausted) });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Shop');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.click(createButton());
    expect(await screen.findByText(BUDGET_MESSAGES.exhausted)).toBeInTheDocument();
    expect(locationNow()).toBe('/instances/create');
  });
});
