import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MESSAGES, ROLE_MESSAGES, type Permission } from '@replay/contracts';
import { NO_INSTANCE_LIST } from '../../features/roles/ScopePicker';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { OWNER_ROLE_ID, SUPPORT_ROLE_ID, makeRole, ownerRole } from '../../test/team-fixtures';

const support = makeRole({ memberCount: 2 });
const INSTANCE_A = '20000000-0000-4000-8000-00000000000a';

function signIn(permissions: Permission[] | undefined, handlers: Parameters<typeof stubSignedIn>[2] = {}) {
  return stubSignedIn(makeAccount(permissions ? { permissions } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/client/roles': ok([ownerRole(), support]),
    [`GET /api/client/roles/${SUPPORT_ROLE_ID}`]: ok(support),
    [`GET /api/client/roles/${OWNER_ROLE_ID}`]: ok(ownerRole()),
    ...handlers,
  });
}

afterEach(() => notifications.clean());

describe('Roles and Access', () => {
  it('lists roles with protected badge, permission count, scope and members', async () => {
    signIn(undefined);
    renderApp('/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    const [, owner, row] = within(table).getAllByRole('row');
    expect(within(owner!).getByText('Protected')).toBeInTheDocument();
    expect(within(owner!).getByText('All 9 permissions')).toBeInTheDocument();
    expect(within(row!).getByText('View instances')).toBeInTheDocument();
    expect(within(row!).getByText('All instances')).toBeInTheDocument();
    expect(within(row!).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Role' })).toBeInTheDocument();
  });

  it('offers no edit or delete on a protected role, and opens it read-only', async () => {
    const api = signIn(undefined);
    renderApp('/roles');
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.queryByRole('button', { name: 'Edit Owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Owner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Support' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Owner' });
    expect(await within(dialog).findByText(/This role is protected/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('checkbox', { name: 'Manage billing' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('is read-only without EDIT_ROLES', async () => {
    signIn(['VIEW_ROLES']);
    renderApp('/roles');
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.queryByRole('button', { name: 'Create Role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Support' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Support' })).toBeNull();
  });

  it('checks the name before saving: nothing is sent while it is empty', async () => {
    const api = signIn(undefined);
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Role' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveAttribute('maxLength', '40');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveAttribute('maxLength', '500');
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.required)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/client/roles')).toHaveLength(0);
  });

  it("creates a role with grouped permissions and all instances by default: 'New role added successfully'", async () => {
    const api = signIn(undefined, { 'PUT /api/client/roles': { status: 201, body: { data: makeRole({ name: 'Viewers' }) } } });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Role' });
    expect(within(dialog).getByRole('switch', { name: /All instances/ })).toBeChecked();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(9);
    expect(within(within(dialog).getByRole('group', { name: 'Instances' })).getAllByRole('checkbox')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(/^Name/), ' Viewers ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'View activity' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'View instances' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ROLE_MESSAGES.added)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/client/roles')[0]?.body).toEqual({
      name: 'Viewers',
      description: '',
      permissions: ['VIEW_INSTANCES', 'VIEW_ACTIVITY'],
      allInstances: true,
      instances: [],
    });
  });

  it("updates chosen instances as an id list; a refusal says 'Failed to update the role. Please try again' and why", async () => {
    const api = signIn(undefined, {
      'GET /api/managed-saas/instances': ok({ instances: [{ instanceId: INSTANCE_A, name: 'Production' }], total: 1 }),
      [`POST /api/client/roles/${SUPPORT_ROLE_ID}`]: fail(409, 'A role with this name already exists.'),
    });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    await user.click(await within(dialog).findByRole('switch', { name: /All instances/ }));
    const picker = within(dialog).getByRole('textbox', { name: 'Instances' });
    await user.click(picker);
    // The option of this picker's own list: the Who can… panel below has an instance picker too.
    await waitFor(() => expect(document.getElementById(picker.getAttribute('aria-controls') ?? '')).not.toBeNull());
    const listbox = document.getElementById(picker.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'Production', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ROLE_MESSAGES.saveUpdateFailed)).toBeInTheDocument();
    expect(within(dialog).getByText('A role with this name already exists.')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/client/roles/${SUPPORT_ROLE_ID}`)[0]?.body).toMatchObject({ allInstances: false, instances: [INSTANCE_A] });
  });

  it("says 'Failed to add the role. Please try again', and 'Error creating role' with the status text, when a create fails without a reason", async () => {
    signIn(undefined, { 'PUT /api/client/roles': fail(500) });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Role' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Viewers');
    await user.click(within(dialog).getByRole('checkbox', { name: 'View instances' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ROLE_MESSAGES.saveAddFailed)).toBeInTheDocument();
    expect(within(dialog).getByText(`${ROLE_MESSAGES.createFailed}: Internal Server Error`)).toBeInTheDocument();
  });

  it("says 'Error updating role' with the status text when an update fails without a reason", async () => {
    signIn(undefined, { [`POST /api/client/roles/${SUPPORT_ROLE_ID}`]: fail(502) });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    await user.type(await within(dialog).findByLabelText(/^Name/), ' Team');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ROLE_MESSAGES.saveUpdateFailed)).toBeInTheDocument();
    expect(within(dialog).getByText(`${ROLE_MESSAGES.updateFailed}: Bad Gateway`)).toBeInTheDocument();
  });

  it('shows the instance select empty with a hint when instances cannot be listed', async () => {
    signIn(undefined, { 'GET /api/managed-saas/instances': fail(404, 'Not found.') });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    await user.click(await within(dialog).findByRole('switch', { name: /All instances/ }));
    expect(await within(dialog).findByText(NO_INSTANCE_LIST)).toBeInTheDocument();
  });

  it("says 'Role updated successfully' after a save", async () => {
    signIn(undefined, { [`POST /api/client/roles/${SUPPORT_ROLE_ID}`]: ok(support) });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    await user.type(await within(dialog).findByLabelText(/^Description/), ' and more');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ROLE_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Role' })).toBeNull());
  });

  it('opens a role as the server has it now', async () => {
    signIn(undefined, { [`GET /api/client/roles/${SUPPORT_ROLE_ID}`]: ok({ ...support, description: 'Fresh from the server' }) });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    expect(await within(dialog).findByLabelText(/^Description/)).toHaveValue('Fresh from the server');
  });

  it("toasts 'Error fetching role' with the status text when a role cannot be read", async () => {
    signIn(undefined, { [`GET /api/client/roles/${SUPPORT_ROLE_ID}`]: fail(404, 'Role not found.') });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Support' }));
    expect(await screen.findByText('Error fetching role: Not Found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Role' })).toBeNull());
  });

  it("deletes with a confirmation; a refusal toasts 'Error deleting role' with the status text and the reason", async () => {
    signIn(undefined, { [`DELETE /api/client/roles/${SUPPORT_ROLE_ID}`]: fail(409, ROLE_MESSAGES.assigned) });
    renderApp('/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete role' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting role: Conflict')).toBeInTheDocument();
    expect(within(dialog).getByText(ROLE_MESSAGES.assigned)).toBeInTheDocument();
  });

  it("toasts 'Error fetching roles' with the status text when the list fails", async () => {
    signIn(undefined, { 'GET /api/client/roles': fail(500, 'Internal server error.') });
    renderApp('/roles');
    expect(await screen.findAllByText('Error fetching roles: Internal Server Error')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
