import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { INSTANCE_MESSAGES, PROJECT_MESSAGES, type Boarding, type Project } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { agentHealth, makeInstance } from '../../features/instances/test-fixtures';
import { GETTING_STARTED_TITLE } from '../../features/onboarding/GettingStarted';
import { NO_PROJECT_KEY } from '../../features/onboarding/OnboardingSteps';
import { WEEKLY_REPORT_LABEL, WEEKLY_REPORT_SAVED } from '../../features/onboarding/WeeklyReportToggle';

const inst = makeInstance({ instanceId: '20000000-0000-4000-8000-000000000001', name: 'Production', instanceUrl: 'http://localhost:4101', version: '1.21' });
const boarding = (done: boolean[]): Boarding => ({
  tasks: (['Install', 'Identify Users', 'Invite Team Members', 'Integrations'] as const).map((task, i) => ({ task, done: done[i]! })),
});
type Handlers = Parameters<typeof stubSignedIn>[2];
/** An instance's default project, as GET /projects lists it (its id is the instance's). */
const projectOf = (i: typeof inst, createdAt = 1_700_000_000_000): Project => ({
  siteId: i.instanceId,
  instanceId: i.instanceId,
  instanceName: i.name,
  name: i.name,
  projectKey: null,
  isDefault: true,
  createdAt,
  updatedAt: createdAt,
});

function signIn(handlers: Handlers = {}, account = makeAccount()) {
  return stubSignedIn(account, makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    'GET /api/managed-saas/instances': ok({ instances: [inst], total: 1 }),
    [`GET /api/managed-saas/instances/${inst.instanceId}`]: ok(inst),
    ...handlers,
  });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => notifications.clean());

describe('the getting-started checklist', () => {
  it('is in progress while a step is pending: done steps ticked, pending ones linking to their onboarding tab', async () => {
    signIn({ 'GET /api/boarding': ok(boarding([true, false, false, false])), 'GET /api/projects': ok({ projects: [projectOf(inst)], sites: { limit: 10, remaining: 9 } }) });
    renderApp('/instances');
    const panel = await screen.findByRole('region', { name: GETTING_STARTED_TITLE });
    expect(within(panel).getByText('In progress: 1 of 4 done')).toBeInTheDocument();
    expect(within(panel).getByText('(done)')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Install' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Identify Users' })).toHaveAttribute('href', `/${inst.instanceId}/onboarding/identify-users`);
    expect(within(panel).getByRole('link', { name: 'Invite Team Members' })).toHaveAttribute('href', `/${inst.instanceId}/onboarding/team`);
    expect(within(panel).getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', `/${inst.instanceId}/onboarding/integrations`);
  });

  it('once completed, says so, keeps it in this browser and never asks again', async () => {
    const stub = signIn({ 'GET /api/boarding': ok(boarding([true, true, true, true])) });
    const first = renderApp('/instances');
    const panel = await screen.findByRole('region', { name: GETTING_STARTED_TITLE });
    expect(within(panel).getByText('Completed')).toBeInTheDocument();
    expect(within(panel).queryAllByRole('link')).toEqual([]);
    expect(stub.callsTo('GET /api/boarding')).toHaveLength(1);
    first.unmount();

    const again = signIn({ 'GET /api/boarding': fail(500, 'must not be asked') });
    renderApp('/instances');
    expect(within(await screen.findByRole('region', { name: GETTING_STARTED_TITLE })).getByText('Completed')).toBeInTheDocument();
    expect(again.callsTo('GET /api/boarding')).toEqual([]);
  });

  it('links to the account’s first project whatever the list shows first, and stays while a search matches nothing', async () => {
    const newer = makeInstance({ instanceId: '20000000-0000-4000-8000-000000000002', name: 'Another shop' });
    signIn({
      'GET /api/boarding': ok(boarding([true, false, false, false])),
      // The list sorted so that the newer instance comes first (and, searched, holds none).
      'GET /api/managed-saas/instances': (req) => ok(req.search.includes('search=') ? { instances: [], total: 0 } : { instances: [newer, inst], total: 2 }),
      'GET /api/projects': ok({ projects: [projectOf(inst), projectOf(newer, 1_800_000_000_000)], sites: { limit: 10, remaining: 8 } }),
    });
    renderApp('/instances');
    const panel = await screen.findByRole('region', { name: GETTING_STARTED_TITLE });
    expect(within(panel).getByRole('link', { name: 'Identify Users' })).toHaveAttribute('href', `/${inst.instanceId}/onboarding/identify-users`);

    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Filter by instance name'), 'zzz');
    // The search is sent 500 ms after the last key.
    expect(await screen.findByText('No matching results', {}, { timeout: 5_000 })).toBeInTheDocument();
    const still = screen.getByRole('region', { name: GETTING_STARTED_TITLE });
    expect(within(still).getByRole('link', { name: 'Identify Users' })).toHaveAttribute('href', `/${inst.instanceId}/onboarding/identify-users`);
  });

  it('shows nothing when the checklist cannot be read, and nothing before the account has an instance', async () => {
    signIn({ 'GET /api/boarding': fail(500, 'down') });
    renderApp('/instances');
    expect(await screen.findByRole('link', { name: 'Production' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: GETTING_STARTED_TITLE })).toBeNull();
  });
});

describe('/{siteId}/onboarding/{tab}', () => {
  const path = (tab: string) => `/${inst.instanceId}/onboarding/${tab}`;

  it('installing: the npm and script snippets carry the instance’s ingest URL and the project key', async () => {
    signIn({ 'GET /api/boarding': ok(boarding([false, false, false, false])) });
    renderApp(path('installing'));
    expect(await screen.findByRole('heading', { name: 'Getting Started: Production' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Install', selected: true })).toBeInTheDocument();
    const npm = screen.getByTestId('snippet-npm');
    const script = screen.getByTestId('snippet-script');
    for (const code of [npm, script]) {
      expect(code.textContent).toContain('"http://localhost:4101/api/events"');
      expect(code.textContent).toContain('"tk_123"');
    }
    expect(screen.getByTestId('snippet-install').textContent).toBe('npm install http://localhost:4101/tracker/16.0.0/tracker.tgz');
    expect(script.textContent).toContain('<script async src="http://localhost:4101/tracker/16.0.0/tracker.js"></script>');
  });

  it('installing: says which tracker and Assist plugin the instance’s version takes, and installs that tracker', async () => {
    const older = { ...inst, version: '1.17' };
    signIn({ 'GET /api/boarding': ok(boarding([false, false, false, false])), [`GET /api/managed-saas/instances/${inst.instanceId}`]: ok(older) });
    renderApp(path('installing'));
    expect((await screen.findByTestId('tracker-compatibility')).textContent).toBe('Production runs v1.17: use @replay/tracker 12.0.0 and, for Assist, @replay/tracker-assist 12.0.0.');
    expect(screen.getByTestId('snippet-install').textContent).toBe('npm install http://localhost:4101/tracker/12.0.0/tracker.tgz');
  });

  it('sends the console’s usage signal once for the instance shown', async () => {
    const stub = signIn({ 'GET /api/boarding': ok(boarding([false, false, false, false])), [`POST /api/${inst.instanceId}/signals`]: { status: 201, body: { data: { accepted: true } } } });
    renderApp(path('installing'));
    await waitFor(() => expect(stub.callsTo(`POST /api/${inst.instanceId}/signals`)).toHaveLength(1));
    const [sent] = stub.callsTo(`POST /api/${inst.instanceId}/signals`);
    expect(sent!.body).toEqual({ timestamp: expect.any(Number), deviceType: expect.stringMatching(/^(desktop|mobile|tablet|other)$/) });
  });

  it('installing: the snippets carry the key of the project in the address, not the account’s', async () => {
    const project = (siteId: string, name: string, projectKey: string, isDefault: boolean): Project => ({
      siteId,
      instanceId: inst.instanceId,
      instanceName: inst.name,
      name,
      projectKey,
      isDefault,
      createdAt: 1,
      updatedAt: 1,
    });
    const blog = project('30000000-0000-4000-8000-000000000002', 'Blog', 'pk_blog', false);
    const projects = [project(inst.instanceId, 'Production', 'pk_default', true), blog];
    signIn({ 'GET /api/boarding': ok(boarding([false, false, false, false])), 'GET /api/projects': ok({ projects, sites: { limit: 3, remaining: 1 } }) });
    const first = renderApp(`/${blog.siteId}/onboarding/installing`);
    for (const id of ['snippet-npm', 'snippet-script']) {
      const code = (await screen.findByTestId(id)).textContent;
      expect(code).toContain('"pk_blog"');
      expect(code).not.toContain('tk_123');
    }
    first.unmount();
    renderApp(path('installing'));
    expect((await screen.findByTestId('snippet-npm')).textContent).toContain('"pk_default"');
  });

  it('installing: a member who may not see the project key is told whom to ask', async () => {
    signIn({ 'GET /api/boarding': ok(boarding([false, false, false, false])) }, makeAccount({ tenantKey: null, admin: false, superAdmin: false }));
    renderApp(path('installing'));
    expect(await screen.findByText(NO_PROJECT_KEY)).toBeInTheDocument();
  });

  it('moves between the tabs: identify users, team and integrations', async () => {
    signIn({ 'GET /api/boarding': ok(boarding([true, false, false, false])) });
    renderApp(path('installing'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Identify Users' }));
    expect(locationNow()).toBe(path('identify-users'));
    expect(screen.getByTestId('snippet-identify').textContent).toContain("tracker.setUserID('jane@example.com');");
    await user.click(screen.getByRole('tab', { name: 'Invite Team Members' }));
    expect(screen.getByRole('link', { name: 'Invite team members' })).toHaveAttribute('href', '/members');
    await user.click(screen.getByRole('tab', { name: 'Integrations' }));
    expect(screen.getByRole('link', { name: 'Add a webhook' })).toHaveAttribute('href', '/client/webhooks');
  });

  it('says so for an instance that is not the account’s', async () => {
    signIn({ [`GET /api/managed-saas/instances/${inst.instanceId}`]: fail(404, INSTANCE_MESSAGES.notFound) });
    renderApp(path('team'));
    expect(await screen.findByText('Instance not found')).toBeInTheDocument();
  });
});

describe('the weekly report toggle and the limits', () => {
  it('shows the member’s choice on the profile page and saves a change', async () => {
    const stub = signIn({
      'GET /api/config/weekly_report': ok({ weeklyReport: false }),
      'POST /api/config/weekly_report': (req) => ok(req.body),
    });
    renderApp('/account/profile');
    // The switch's name starts with its label (its description follows).
    const toggle = await screen.findByRole('switch', { name: new RegExp(`^${WEEKLY_REPORT_LABEL}`) });
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    expect(await screen.findByText(WEEKLY_REPORT_SAVED)).toBeInTheDocument();
    expect(stub.callsTo('POST /api/config/weekly_report').map((c) => c.body)).toEqual([{ weeklyReport: true }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: new RegExp(`^${WEEKLY_REPORT_LABEL}`) })).toBeChecked());
  });

  it('shows the instances left on Create Instance, and the caps’ words once none are', async () => {
    const limits = { teamMember: { limit: 50, remaining: 49 }, sites: { limit: 100, remaining: 80 } };
    signIn({}, makeAccount({ hasBillingDetails: true, instanceCount: 17, limits }));
    const first = renderApp('/instances/create');
    expect((await screen.findByTestId('sites-left')).textContent).toBe('3 of 20 instances left on your account');
    first.unmount();
    signIn({}, makeAccount({ hasBillingDetails: true, instanceCount: 20, limits }));
    const second = renderApp('/instances/create');
    expect((await screen.findByTestId('sites-left')).textContent).toBe(INSTANCE_MESSAGES.instanceLimit(20));
    second.unmount();
    // A new instance brings its default project: with no site left, the project cap is what refuses it.
    signIn({}, makeAccount({ hasBillingDetails: true, instanceCount: 5, limits: { ...limits, sites: { limit: 100, remaining: 0 } } }));
    renderApp('/instances/create');
    expect((await screen.findByTestId('sites-left')).textContent).toBe(PROJECT_MESSAGES.limit(100));
  });
});
