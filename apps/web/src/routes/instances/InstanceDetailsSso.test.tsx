import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { SSO_LABELS, SSO_MESSAGES, type Permission, type SsoConfig } from '@replay/contracts';
import { fail, ok, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { DETAILS_API, openDetailsTab } from './details-stub';

const BASE = DETAILS_API;
type Handler = StubResponse | ((req: StubRequest) => StubResponse);
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2VydA==\n-----END CERTIFICATE-----';
const SP = {
  entityId: 'http://localhost:4100/sso/metadata',
  acsUrl: 'http://localhost:4100/sso/acs',
  sloUrl: 'http://localhost:4100/sso/slo',
  metadataUrl: 'http://localhost:4100/sso/metadata',
  testUrl: 'http://localhost:4100/sso/login?test=1',
};
const none: SsoConfig = { idp: null, enforce: false, pending: false, updatedAt: null, serviceProvider: SP, test: { passedForSaved: false, testedAt: null, nameId: null } };
const configured = (over: Partial<SsoConfig> = {}): SsoConfig => ({
  ...none,
  idp: {
    entityId: 'https://idp.example.com/metadata',
    name: 'Example IdP',
    ssoUrl: 'https://idp.example.com/sso',
    sloUrl: null,
    certPem: PEM,
    certificate: { subject: 'CN=idp.example.com', issuer: 'CN=idp.example.com', notAfter: Date.UTC(2030, 0, 1), sha256: 'AA:BB' },
  },
  updatedAt: Date.UTC(2026, 10, 20),
  ...over,
});

function open(sso: SsoConfig, opts: { permissions?: Permission[]; handlers?: Record<string, Handler> } = {}) {
  return openDetailsTab('sso', { permissions: opts.permissions, handlers: { [`GET ${BASE}/config-sso`]: ok(sso), ...opts.handlers } });
}
const card = async () => (await screen.findByText('SSO', { selector: 'p' })).closest('.mantine-Card-root') as HTMLElement;

afterEach(() => notifications.clean());

describe('the SSO tab', () => {
  it('gives the service provider’s details to register, and says SSO is off', async () => {
    open(none);
    expect(await screen.findByRole('tab', { name: 'Single Sign-On (SSO)', selected: true })).toBeInTheDocument();
    const sp = await screen.findByRole('table', { name: 'Service provider details' });
    expect(within(sp).getByText(SP.acsUrl)).toBeInTheDocument();
    expect(within(sp).getByText(SP.sloUrl)).toBeInTheDocument();
    expect(within(sp).getAllByText(SP.entityId)).toHaveLength(2);
    expect(within(await card()).getByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: new RegExp(`^${SSO_LABELS.enforce}`) })).toBeDisabled();
    expect(screen.getByText(SSO_MESSAGES.enforceNeedsTest)).toBeInTheDocument();
  });

  it('checks the fields with the shared rules before sending, then saves the spec’s payload', async () => {
    const saved: unknown[] = [];
    const { user } = open(none, {
      handlers: {
        [`POST ${BASE}/config-sso`]: (req) => {
          saved.push(req.body);
          return ok(configured({ pending: true }));
        },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: SSO_LABELS.entityId }), 'https://idp.example.com/metadata');
    await user.type(screen.getByRole('textbox', { name: SSO_LABELS.name }), 'Example IdP');
    await user.type(screen.getByRole('textbox', { name: SSO_LABELS.ssoUrl }), 'http://idp.example.com/sso');
    await user.type(screen.getByRole('textbox', { name: SSO_LABELS.cert }), 'not a certificate');
    await user.click(screen.getByRole('button', { name: 'Save SSO' }));
    expect(await screen.findByText(SSO_MESSAGES.notHttps(SSO_LABELS.ssoUrl))).toBeInTheDocument();
    expect(screen.getByText(SSO_MESSAGES.notPem)).toBeInTheDocument();
    expect(saved).toEqual([]);

    const url = screen.getByRole('textbox', { name: SSO_LABELS.ssoUrl });
    await user.clear(url);
    await user.type(url, 'https://idp.example.com/sso');
    const cert = screen.getByRole('textbox', { name: SSO_LABELS.cert });
    await user.clear(cert);
    await user.click(cert);
    await user.paste(PEM);
    await user.click(screen.getByRole('button', { name: 'Save SSO' }));
    expect(await screen.findByText(SSO_MESSAGES.saved)).toBeInTheDocument();
    expect(saved).toEqual([
      {
        idp_entityId: 'https://idp.example.com/metadata',
        idp_name: 'Example IdP',
        idp_sso_url: 'https://idp.example.com/sso',
        idp_slo_url: null,
        idp_x509cert: PEM,
        enforce_SSO: false,
      },
    ]);
  });

  it('offers a Test sign-in on the instance, and enforcement once one passed with the saved settings', async () => {
    const saved: { enforce_SSO: boolean }[] = [];
    const passed = configured({ test: { passedForSaved: true, testedAt: Date.UTC(2026, 10, 21), nameId: 'ada@example.com' } });
    const { user } = open(passed, {
      handlers: {
        [`POST ${BASE}/config-sso`]: (req) => {
          saved.push(req.body as { enforce_SSO: boolean });
          return ok({ ...passed, enforce: true, pending: true });
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Test sign-in' })).toHaveAttribute('href', SP.testUrl);
    expect(screen.getByTestId('sso-test-status')).toHaveTextContent('as ada@example.com');
    expect(within(await card()).getByText('On')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: new RegExp(`^${SSO_LABELS.enforce}`) }));
    await user.click(screen.getByRole('button', { name: 'Save SSO' }));
    expect(await screen.findByText(SSO_MESSAGES.saved)).toBeInTheDocument();
    expect(saved.map((b) => b.enforce_SSO)).toEqual([true]);
    expect(within(await card()).getByText('Enforced')).toBeInTheDocument();
  });

  it('shows a Test sign-in passing in the other tab as soon as the instance has recorded it, without a reload', async () => {
    const passed = configured({ test: { passedForSaved: true, testedAt: Date.UTC(2026, 10, 21), nameId: 'grace@example.com' } });
    let passedOnInstance = false;
    const { user } = open(configured(), { handlers: { [`GET ${BASE}/config-sso`]: () => ok(passedOnInstance ? passed : configured()) } });
    const status = await screen.findByRole('status', { name: 'Test sign-in result' });
    expect(status).toHaveTextContent('No Test sign-in has passed with these settings yet.');
    await user.click(await screen.findByRole('link', { name: 'Test sign-in' }));
    expect(status).toHaveTextContent('Waiting for the Test sign-in in the other tab: once it passes through Example IdP, it shows here.');
    // The other tab's round trip ends; the window never lost focus, nobody reloads.
    passedOnInstance = true;
    // The tab asks once a second while it waits (TIMINGS_MS.storagePoll): within three, the result is there.
    await waitFor(() => expect(status).toHaveTextContent(/^Test sign-in passed .* as grace@example\.com\. Enforcing SSO can be switched on\.$/), { timeout: 3_000 });
    expect(screen.getByRole('switch', { name: new RegExp(`^${SSO_LABELS.enforce}`) })).toBeEnabled();
  });

  it('says why the server refused a save', async () => {
    const { user } = open(configured(), { handlers: { [`POST ${BASE}/config-sso`]: fail(400, SSO_MESSAGES.certUnreadable) } });
    await user.type(await screen.findByRole('textbox', { name: SSO_LABELS.name }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save SSO' }));
    expect(await screen.findByText(SSO_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByText(SSO_MESSAGES.certUnreadable)).toBeInTheDocument();
  });

  it('turns SSO off only after a confirmation', async () => {
    const removed: string[] = [];
    const { user } = open(configured(), {
      handlers: {
        [`DELETE ${BASE}/config-sso`]: () => {
          removed.push('off');
          return ok({ ...none, pending: true });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn off SSO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off SSO?' });
    expect(removed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off SSO' }));
    expect(await screen.findByText(SSO_MESSAGES.removed)).toBeInTheDocument();
    expect(removed).toEqual(['off']);
  });

  it('lets a member who may only read see the settings, with nothing to change', async () => {
    open(configured(), { permissions: ['VIEW_INSTANCES'] });
    expect(await screen.findByRole('textbox', { name: SSO_LABELS.name })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save SSO' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn off SSO' })).toBeNull();
  });
});
