import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { CONSOLE_MODULES, MODULE_MESSAGES, toggleModule } from '@replay/contracts';
import { MODULE_OFF_TITLE } from '../../features/console-modules/ModuleOff';
import { fail, ok, stubSignedIn, type StubRequest } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** A server that keeps the account's modules and applies the spec's toggle, or refuses every toggle with `refusal`. */
function signIn(opts: { modules?: string[]; admin?: boolean; refusal?: { status: number; message: string } } = {}) {
  let modules = opts.modules ?? [];
  const admin = opts.admin ?? true;
  return stubSignedIn(makeAccount({ admin, superAdmin: admin, settings: { modules } }), makeJwt(), {
    // The account as the server now has it, should the console read it again.
    'GET /api/account': () => ok(makeAccount({ admin, superAdmin: admin, settings: { modules } })),
    'GET /api/public-config': ok(publicConfig),
    'GET /api/webhooks': ok({ webhooks: [] }),
    'GET /api/config/weekly_report': ok({ weeklyReport: false }),
    'POST /api/users/modules': (req: StubRequest) => {
      if (opts.refusal) return fail(opts.refusal.status, opts.refusal.message);
      modules = toggleModule(modules, (req.body as { module: string }).module);
      return ok({ modules });
    },
  });
}

const switchOf = (label: string) => screen.getByRole('switch', { name: new RegExp(`^${label}`) });
const openAccountMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /account menu/i }));
  return screen.findByRole('menu');
};

afterEach(() => notifications.clean());

describe('/client/modules', () => {
  it('lists every module with its label, description and a switch, on unless the account switched it off', async () => {
    signIn({ modules: ['errors'] });
    renderApp('/client/modules');
    expect(await screen.findByRole('heading', { name: 'Modules', level: 1 })).toBeInTheDocument();
    for (const m of CONSOLE_MODULES) {
      expect(switchOf(m.label)).toBeInTheDocument();
      expect(screen.getByText(m.description)).toBeInTheDocument();
      expect(switchOf(m.label)).toHaveProperty('checked', m.key !== 'errors');
    }
  });

  it('switches a module off: the call names it, the account menu loses its entry and its screen says it is off; on again brings it back', async () => {
    const api = signIn();
    const user = userEvent.setup();
    renderApp('/client/modules');
    await screen.findByRole('heading', { name: 'Modules', level: 1 });
    expect(within(await openAccountMenu(user)).getByRole('menuitem', { name: 'Webhooks' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(switchOf('Webhooks'));
    await waitFor(() => expect(api.callsTo('POST /api/users/modules')).toHaveLength(1));
    expect(api.callsTo('POST /api/users/modules')[0]!.body).toEqual({ module: 'webhooks' });
    await waitFor(() => expect(switchOf('Webhooks')).not.toBeDisabled());
    await waitFor(() => expect(switchOf('Webhooks')).toHaveProperty('checked', false));
    const menu = await openAccountMenu(user);
    expect(within(menu).queryByRole('menuitem', { name: 'Webhooks' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Modules' }));

    await user.click(switchOf('Webhooks'));
    await waitFor(() => expect(api.callsTo('POST /api/users/modules')).toHaveLength(2));
    await waitFor(() => expect(switchOf('Webhooks')).not.toBeDisabled());
    await waitFor(() => expect(switchOf('Webhooks')).toHaveProperty('checked', true));
    expect(within(await openAccountMenu(user)).getByRole('menuitem', { name: 'Webhooks' })).toBeInTheDocument();
  });

  it('puts the switch back and says why when the server refuses', async () => {
    signIn({ refusal: { status: 403, message: MODULE_MESSAGES.adminOnly } });
    const user = userEvent.setup();
    renderApp('/client/modules');
    await screen.findByRole('heading', { name: 'Modules', level: 1 });
    await user.click(switchOf('Alert rules'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MODULE_MESSAGES.adminOnly);
    await waitFor(() => expect(switchOf('Alert rules')).not.toBeDisabled());
    expect(switchOf('Alert rules')).toHaveProperty('checked', true);
  });

  it('is read-only for a member who is not an admin, and says why', async () => {
    const api = signIn({ admin: false });
    renderApp('/client/modules');
    expect(await screen.findByText(MODULE_MESSAGES.adminOnly)).toBeInTheDocument();
    for (const m of CONSOLE_MODULES) expect(switchOf(m.label)).toBeDisabled();
    expect(api.callsTo('POST /api/users/modules')).toHaveLength(0);
  });
});

describe('a module switched off', () => {
  it("shows its screen's 'switched off' panel with a way to the modules, in place of the screen", async () => {
    signIn({ modules: ['webhooks'] });
    const user = userEvent.setup();
    renderApp('/client/webhooks');
    expect(await screen.findByRole('heading', { name: MODULE_OFF_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/The Webhooks module is switched off for this account\./)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Modules' }));
    expect(await screen.findByRole('heading', { name: 'Modules', level: 1 })).toBeInTheDocument();
  });

  it.each([
    ['alerts', '/00000000-0000-4000-8000-000000000009/alerts', 'Alert rules'],
    ['errors', '/00000000-0000-4000-8000-000000000009/errors', 'JavaScript errors'],
    ['getting-started', '/00000000-0000-4000-8000-000000000009/onboarding/installing', 'Getting started'],
  ])('shows the panel on the %s screens', async (key, path, label) => {
    signIn({ modules: [key] });
    renderApp(path);
    expect(await screen.findByText(`The ${label} module is switched off for this account.`, { exact: false })).toBeInTheDocument();
  });

  it("hides the profile's weekly report choice while the weekly report module is off", async () => {
    signIn({ modules: ['weekly-report'] });
    renderApp('/account/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Weekly Report')).toBeNull();
  });

  it("shows the profile's weekly report choice while it is on", async () => {
    signIn();
    renderApp('/account/profile');
    expect(await screen.findByRole('switch', { name: /^Weekly report/ })).toBeInTheDocument();
  });
});
