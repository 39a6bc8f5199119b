import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@replay/contracts';
import { NOT_ALLOWED_MESSAGE } from '../../components/NotAllowed';
import { ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { NARROW_SCREEN } from './use-menu-collapsed';

function signIn(permissions: Permission[], overrides: Parameters<typeof makeAccount>[0] = {}) {
  return stubSignedIn(makeAccount({ permissions, ...overrides }), makeJwt(), { 'GET /api/public-config': ok(publicConfig) });
}

const menuLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return Array.from(nav.querySelectorAll('a, button')).map((el) => el.textContent);
};

describe('console shell', () => {
  it('shows every menu entry to an owner', async () => {
    signIn(['VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_ACTIVITY', 'VIEW_MEMBERS', 'VIEW_ROLES', 'VIEW_BILLING']);
    renderApp('/instances');
    await screen.findByRole('heading', { name: 'Instances' });
    expect(await menuLabels()).toEqual(['Instances', 'Activity', 'Team', 'Roles', 'Billing', 'Support']);
  });

  it('hides entries without the matching permission', async () => {
    signIn(['EDIT_INSTANCES', 'EDIT_MEMBERS']);
    renderApp('/instances');
    await screen.findByRole('heading', { name: 'Instances' });
    expect(await menuLabels()).toEqual(['Instances', 'Team', 'Support']);
  });

  it("shows 'Not allowed' on a screen the user has no permission for, and keeps the session", async () => {
    signIn(['VIEW_INSTANCES']);
    renderApp('/billing');
    expect(await screen.findByText(NOT_ALLOWED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /account menu/i })).toBeInTheDocument();
  });

  it('opens the guarded placeholders with their titles', async () => {
    signIn(['VIEW_ACTIVITY', 'VIEW_MEMBERS', 'VIEW_ROLES', 'VIEW_BILLING']);
    renderApp('/activities');
    expect(await screen.findByRole('heading', { name: 'Console Activity' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Team' }));
    expect(await screen.findByRole('heading', { name: 'Team Members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Team Member' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Roles' }));
    expect(await screen.findByRole('heading', { name: 'Roles and Access' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Billing' }));
    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
  });

  it('redirects unknown paths to the instances list, and /account to its profile', async () => {
    signIn(['VIEW_INSTANCES']);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
    expect(locationNow()).toBe('/instances');
    expect(await screen.findByText('Currently, there are no instances available.')).toBeInTheDocument();
  });

  it.each([
    ['/client/account', '/account/profile'],
    ['/client/team', '/members'],
    ['/client/roles', '/roles'],
    ['/client/billing', '/billing'],
    ['/client/integrations', '/client/webhooks'],
    ['/client/metadata', '/client/sessions-listing'],
    ['/client/no-such-tab', '/instances'],
  ])('sends the settings tab %s to the screen that holds it, %s', async (from, to) => {
    signIn(['VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_MEMBERS', 'VIEW_ROLES', 'VIEW_BILLING']);
    renderApp(from);
    await waitFor(() => expect(locationNow()).toBe(to));
  });

  it('opens the support drawer over the instances list for /client/support', async () => {
    signIn(['VIEW_INSTANCES']);
    renderApp('/client/support');
    expect(await screen.findByRole('dialog', { name: 'Support' })).toBeInTheDocument();
    expect(locationNow()).toBe('/instances');
    expect(await screen.findByRole('heading', { name: 'Instances' })).toBeInTheDocument();
  });

  it('lists the instances at /ms/instances too, with the product in the text and the title', async () => {
    signIn(['EDIT_INSTANCES']);
    renderApp('/ms/instances');
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    expect(await screen.findByText("Let's create your dedicated Replay instance.")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Instances - Replay Console'));
  });

  it('shows the trial banner from the account', async () => {
    signIn(['VIEW_INSTANCES'], { remainingTrial: 3 });
    renderApp('/instances');
    expect(await screen.findByText('Your free trial ends in 3 days.')).toBeInTheDocument();
  });

  it("shows 'Your free trial has ended.' when no days are left", async () => {
    signIn(['VIEW_INSTANCES'], { remainingTrial: 0, isTrial: true });
    renderApp('/instances');
    expect(await screen.findByText('Your free trial has ended.')).toBeInTheDocument();
  });

  it('keeps the menu collapsed across a reload', async () => {
    signIn(['VIEW_INSTANCES']);
    const first = renderApp('/instances');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Collapse menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByText('Instances')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Instances' })).toBeInTheDocument();
    first.unmount();

    renderApp('/instances');
    expect(await screen.findByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).queryByText('Instances')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(localStorage.getItem('console.menuCollapsed')).toBe('0');
  });

  describe('on a narrow screen', () => {
    beforeEach(() => {
      const matchMedia = window.matchMedia;
      vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query === NARROW_SCREEN }));
    });
    afterEach(() => vi.restoreAllMocks());

    it('starts with the menu collapsed to its icons', async () => {
      signIn(['VIEW_INSTANCES']);
      renderApp('/instances');
      expect(await screen.findByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(nav).queryByText('Instances')).toBeNull();
      expect(within(nav).getByRole('link', { name: 'Instances' })).toBeInTheDocument();
    });

    it('lays the expanded menu over the page, not beside it, and folds it once an entry is chosen', async () => {
      signIn(['VIEW_INSTANCES', 'VIEW_ACTIVITY']);
      renderApp('/instances');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Expand menu' }));
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(nav).getByText('Activity')).toBeInTheDocument();
      // 220 px wide over the page, which keeps the rail's offset (e2e/small-screens.test.ts measures it).
      expect(nav.style.width).toBe('calc(13.75rem * var(--mantine-scale))');
      await user.click(within(nav).getByRole('link', { name: 'Activity' }));
      expect(await screen.findByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
      expect(within(nav).queryByText('Activity')).toBeNull();
      // The wide screen's choice is not the phone's.
      expect(localStorage.getItem('console.menuCollapsed')).toBeNull();
    });

    it('folds the menu laid over the page on Escape', async () => {
      signIn(['VIEW_INSTANCES']);
      renderApp('/instances');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Expand menu' }));
      expect(await screen.findByRole('button', { name: 'Collapse menu' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(await screen.findByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
    });
  });

  it('opens the support drawer with the chat and the support mail', async () => {
    signIn(['VIEW_INSTANCES']);
    renderApp('/instances');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Support' }));
    const drawer = await screen.findByRole('dialog', { name: 'Support' });
    expect(within(drawer).getByRole('link', { name: publicConfig.supportEmail })).toHaveAttribute('href', `mailto:${publicConfig.supportEmail}`);
    expect(within(drawer).getByRole('heading', { name: 'Chat with us' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'New conversation' })).toBeInTheDocument();
  });

  it("opens the account screen from the account menu's 'Account' item", async () => {
    signIn(['VIEW_INSTANCES']);
    renderApp('/instances');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account', hidden: true }));
    await waitFor(() => expect(locationNow()).toBe('/account/profile'));
  });

  it('holds the settings area in a centred container at most 1360px wide', async () => {
    signIn(['VIEW_INSTANCES']);
    renderApp('/instances');
    const heading = await screen.findByRole('heading', { name: 'Instances' });
    const container = heading.closest('main')?.firstElementChild as HTMLElement;
    // Mantine's Container centres itself (margin-inline: auto) and caps its width at --container-size.
    expect(container).toHaveClass('mantine-Container-root');
    // 85rem is 1360px at the 16px root size.
    expect(container.style.getPropertyValue('--container-size')).toBe('calc(85rem * var(--mantine-scale))');
  });

  it('logs out from the account menu to the login screen', async () => {
    const api = signIn(['VIEW_INSTANCES']);
    renderApp('/instances');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout', hidden: true }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(locationNow()).toBe('/login');
    expect(api.callsTo('GET /api/logout')).toHaveLength(1);
    // A sign-out is not a visit to come back to.
    expect(localStorage.getItem('console.lastPath')).toBeNull();
  });

  it.each([
    ['follows', 'https://idp.acme.example/slo?SAMLRequest=x', true],
    ['does not follow', 'javascript:alert(1)', false],
  ] as const)('%s the IdP’s logout address of a single sign-on session: %s', async (_, redirectUrl, followed) => {
    stubSignedIn(makeAccount({ permissions: ['VIEW_INSTANCES'] }), makeJwt(), { 'GET /api/public-config': ok(publicConfig), 'GET /api/logout': ok({ ok: true, redirectUrl }) });
    renderApp('/instances');
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout', hidden: true }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    if (followed) await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectUrl));
    else expect(assign).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
