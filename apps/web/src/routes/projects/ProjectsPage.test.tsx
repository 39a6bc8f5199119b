import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PROJECT_MESSAGES, type Permission, type Project, type Projects } from '@replay/contracts';
import { fail, failWith, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const SHOP = '00000000-0000-4000-8000-0000000000a1';
const BLOG = '00000000-0000-4000-8000-0000000000b1';
const EXTRA = '00000000-0000-4000-8000-0000000000c1';
const EDITOR: Permission[] = ['VIEW_INSTANCES', 'EDIT_INSTANCES'];

const project = (siteId: string, instanceId: string, instanceName: string, name: string, isDefault: boolean): Project => ({
  siteId,
  instanceId,
  instanceName,
  name,
  projectKey: `${siteId.slice(-2)}`.padEnd(64, 'f'),
  isDefault,
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 1),
});
const shop = project(SHOP, SHOP, 'Shop', 'Shop', true);
const blog = project(BLOG, BLOG, 'Blog', 'Blog', true);
const extra = project(EXTRA, SHOP, 'Shop', 'Storefront', false);

function signIn(list: Projects, permissions: Permission[] = EDITOR, handlers = {}) {
  return stubSignedIn(makeAccount({ permissions }), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/projects': ok(list),
    ...handlers,
  });
}

afterEach(() => notifications.clean());

describe('Projects (/client/projects)', () => {
  it('lists each project with its instance and key, and appends a created one to the site list without reading it again', async () => {
    const api = signIn({ projects: [shop, blog], sites: { limit: 3, remaining: 1 } }, EDITOR, {
      'POST /api/projects': (req: { body: unknown }) => ({ status: 201, body: { data: { ...extra, ...(req.body as object), instanceName: 'Shop' } } }),
    });
    renderApp('/client/projects');
    const table = await screen.findByRole('table', { name: 'Projects' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText(shop.projectKey!)).toBeInTheDocument();
    expect(within(table).getAllByText('Default')).toHaveLength(2);
    expect(screen.getByTestId('projects-left').textContent).toBe('1 of 3 projects left on your account');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create project' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Choose an instance.')).toBeInTheDocument();
    expect(within(dialog).getByText(PROJECT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /api/projects')).toHaveLength(0);

    await user.click(within(dialog).getByRole('textbox', { name: /Instance/ }));
    await user.click(await screen.findByRole('option', { name: 'Shop' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Storefront ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST /api/projects')).toHaveLength(1));
    expect(api.callsTo('POST /api/projects')[0]!.body).toEqual({ instanceId: SHOP, name: 'Storefront' });
    expect(await screen.findByText(PROJECT_MESSAGES.created('Storefront'))).toBeInTheDocument();

    // Spec: a new site is appended to the site list: the last row, with the list read only once.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(within(table).getAllByRole('row')[3]!).getByText('Storefront')).toBeInTheDocument();
    expect(api.callsTo('GET /api/projects')).toHaveLength(1);
    expect(screen.getByTestId('projects-left').textContent).toBe(PROJECT_MESSAGES.limitReached);
    expect(screen.getByRole('button', { name: 'Create project' })).toBeDisabled();
  });

  it('says why a create was refused, keeping the dialog open', async () => {
    signIn({ projects: [shop], sites: { limit: 3, remaining: 2 } }, EDITOR, { 'POST /api/projects': failWith('conflict', PROJECT_MESSAGES.nameTaken) });
    renderApp('/client/projects');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create project' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(PROJECT_MESSAGES.nameTaken)).toBeInTheDocument();
  });

  it('renames a project in place, copies its key, and deletes one after a confirmation', async () => {
    let list: Projects = { projects: [shop, extra], sites: { limit: 3, remaining: 1 } };
    const api = signIn(list, EDITOR, {
      'GET /api/projects': () => ok(list),
      [`PUT /api/projects/${EXTRA}`]: (req: { body: unknown }) => ok({ ...extra, ...(req.body as object) }),
      [`DELETE /api/projects/${EXTRA}`]: () => {
        list = { projects: [shop], sites: { limit: 3, remaining: 2 } };
        return ok({ ok: true });
      },
    });
    renderApp('/client/projects');
    const table = await screen.findByRole('table', { name: 'Projects' });
    const user = userEvent.setup();

    await user.click(within(table).getByRole('button', { name: 'Edit name of project Storefront' }));
    const input = within(table).getByRole('textbox', { name: 'name of project Storefront' });
    expect(input).toHaveAttribute('maxLength', '80');
    await user.clear(input);
    await user.type(input, 'Storefront EU{Enter}');
    await waitFor(() => expect(api.callsTo(`PUT /api/projects/${EXTRA}`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/projects/${EXTRA}`)[0]!.body).toEqual({ name: 'Storefront EU' });
    expect(await within(table).findByText('Storefront EU')).toBeInTheDocument();
    expect(await screen.findByText(PROJECT_MESSAGES.renamed)).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Copy project key of Storefront EU' }));
    // user-event's clipboard stands for the browser's.
    expect(await navigator.clipboard.readText()).toBe(extra.projectKey);
    expect(within(table).getByRole('button', { name: 'project key of Storefront EU: copied' })).toBeInTheDocument();

    // An instance's default project offers no Delete.
    expect(within(table).queryByRole('button', { name: 'Delete project Shop' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Delete project Storefront EU' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete project' });
    expect(within(confirm).getByText(PROJECT_MESSAGES.deleteConfirm('Storefront EU'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE /api/projects/${EXTRA}`)).toHaveLength(1));
    expect(await screen.findByText(PROJECT_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('shows a viewer the list without a way to change it, nor the keys', async () => {
    signIn(
      {
        projects: [
          { ...shop, projectKey: null },
          { ...extra, projectKey: null },
        ],
        sites: { limit: 3, remaining: 1 },
      },
      ['VIEW_INSTANCES'],
    );
    renderApp('/client/projects');
    const table = await screen.findByRole('table', { name: 'Projects' });
    expect(within(table).getByText('Storefront')).toBeInTheDocument();
    // The server sends keys to admins only; the others are told where the key is.
    expect(within(table).getAllByText(PROJECT_MESSAGES.keyForAdmins)).toHaveLength(2);
    expect(within(table).queryByRole('button', { name: /^Copy project key/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create project' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Edit name/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Delete project/ })).toBeNull();
  });

  it('shows the empty state, and why the list could not be read', async () => {
    signIn({ projects: [], sites: { limit: 3, remaining: 3 } });
    const first = renderApp('/client/projects');
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(screen.getByText(PROJECT_MESSAGES.empty)).toBeInTheDocument();
    first.unmount();
    signIn({ projects: [], sites: { limit: 3, remaining: 3 } }, EDITOR, { 'GET /api/projects': fail(500, 'Internal server error.') });
    renderApp('/client/projects');
    expect(await screen.findByText(/Error fetching projects/)).toBeInTheDocument();
  });
});

describe('a site’s screens (/{siteId}/…)', () => {
  it('show a project’s alerts from its instance, keeping the project in their links', async () => {
    const api = signIn({ projects: [shop, extra], sites: { limit: 3, remaining: 1 } }, EDITOR, {
      [`GET /api/managed-saas/instances/${SHOP}/alerts`]: ok({ alerts: [] }),
    });
    renderApp(`/${EXTRA}/alerts`);
    expect(await screen.findByText('No alert rules yet.')).toBeInTheDocument();
    // The instance's call, about this project's rules only.
    expect(api.callsTo(`GET /api/managed-saas/instances/${SHOP}/alerts`).map((c) => c.search)).toEqual([`?siteId=${EXTRA}`]);
    expect(api.callsTo(`GET /api/managed-saas/instances/${EXTRA}/alerts`)).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: 'Create Alert Rule' })[0]).toHaveAttribute('href', `/${EXTRA}/alert/create`);
  });

  it('take an id the site list does not hold as an instance’s, so older links still open', async () => {
    const api = signIn({ projects: [], sites: { limit: 3, remaining: 3 } }, EDITOR, {
      [`GET /api/managed-saas/instances/${BLOG}/alerts`]: ok({ alerts: [] }),
    });
    renderApp(`/${BLOG}/alerts`);
    expect(await screen.findByText('No alert rules yet.')).toBeInTheDocument();
    expect(api.callsTo(`GET /api/managed-saas/instances/${BLOG}/alerts`)).toHaveLength(1);
  });
});
