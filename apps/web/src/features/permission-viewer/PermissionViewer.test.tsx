import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { PERMISSIONS, type InstanceAccess, type Permission, type SubjectAccess } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { makeMember, makeRole, ownerRole, selfMember } from '../../test/team-fixtures';
import { NO_INSTANCES_TO_PICK } from './InstancePicker';
import { PICK_AN_INSTANCE } from './PermissionViewerDrawer';
import { NOBODY_CAN, WHO_CAN_PROMPT } from './WhoCanPanel';

const grace = makeMember();
const INSTANCE_A = '20000000-0000-4000-8000-00000000000a';
const instances = ok({ instances: [{ instanceId: INSTANCE_A, name: 'Production' }], total: 1 });

const access: SubjectAccess = {
  subject: { kind: 'member', id: grace.userId, name: grace.name },
  instanceId: INSTANCE_A,
  permissions: PERMISSIONS.map((permission) =>
    permission === 'VIEW_INSTANCES' ? { permission, allowed: true, reason: 'allowed', needsAnyOf: [] } : { permission, allowed: false, reason: 'missing_permission', needsAnyOf: [permission] },
  ),
  actions: [
    { action: 'instance', method: 'GET', path: '/managed-saas/instances/:id', allowed: true, reason: 'allowed', needsAnyOf: [] },
    { action: 'act', method: 'POST', path: '/managed-saas/instances/:id/actions', allowed: false, reason: 'missing_permission', needsAnyOf: ['EDIT_INSTANCES'] },
  ],
};

function signIn(permissions: Permission[] | undefined, handlers: Parameters<typeof stubSignedIn>[2] = {}) {
  return stubSignedIn(makeAccount(permissions ? { permissions, admin: false, superAdmin: false } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/client/members': ok({ users: [selfMember(), grace], total: 2 }),
    'GET /api/client/roles': ok([ownerRole(), makeRole()]),
    'GET /api/limits': ok({ teamMember: { limit: 50, remaining: 46 }, sites: { limit: 10, remaining: 10 } }),
    'GET /api/managed-saas/instances': instances,
    ...handlers,
  });
}

afterEach(() => notifications.clean());

async function chooseInstance(user: ReturnType<typeof userEvent.setup>, within_: HTMLElement) {
  await user.click(within(within_).getByRole('textbox', { name: 'Instance' }));
  await user.click(await screen.findByRole('option', { name: 'Production' }));
}

describe('the Team screen’s permission viewer', () => {
  it('opens from a member’s row, asks for an instance, then lists each permission and action with the reason', async () => {
    const api = signIn(undefined, { 'GET /api/client/permissions/member': ok(access) });
    renderApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `View permissions of ${grace.name}` }));
    const drawer = await screen.findByRole('dialog', { name: `Permissions of ${grace.name}` });
    expect(within(drawer).getByText(PICK_AN_INSTANCE)).toBeInTheDocument();
    await chooseInstance(user, drawer);
    const actions = await within(drawer).findByRole('list', { name: 'Actions on this instance' });
    const [view, act] = within(actions).getAllByRole('listitem');
    expect(within(view!).getByText('Allowed')).toBeInTheDocument();
    expect(within(view!).getByText('GET /managed-saas/instances/:id')).toBeInTheDocument();
    expect(within(act!).getByText('Denied')).toBeInTheDocument();
    expect(within(act!).getByText('Start, stop or terminate instance')).toBeInTheDocument();
    expect(within(act!).getByText('The role holds none of the permissions this needs. Needs: Manage instances.')).toBeInTheDocument();
    const permissions = within(drawer).getByRole('list', { name: 'Permissions on this instance' });
    expect(within(permissions).getAllByRole('listitem')).toHaveLength(9);
    const call = api.calls.find((c) => c.path === '/api/client/permissions/member')!;
    expect(new URLSearchParams(call.search).get('memberId')).toBe(grace.userId);
    expect(new URLSearchParams(call.search).get('instanceId')).toBe(INSTANCE_A);
  });

  it('shows the server’s error with a retry', async () => {
    signIn(undefined, { 'GET /api/client/permissions/member': fail(404, 'Instance not found.') });
    renderApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `View permissions of ${grace.name}` }));
    const drawer = await screen.findByRole('dialog', { name: `Permissions of ${grace.name}` });
    await chooseInstance(user, drawer);
    expect(await within(drawer).findByText('Error fetching permissions: Not Found')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers no viewer without EDIT_MEMBERS', async () => {
    signIn(['VIEW_MEMBERS']);
    renderApp('/members');
    await screen.findByText(grace.name);
    expect(screen.queryByRole('button', { name: `View permissions of ${grace.name}` })).toBeNull();
  });
});

describe('the Roles screen’s Who can… panel', () => {
  it('answers who may exercise a permission on an instance, members and keys, and says when nobody may', async () => {
    const answer: InstanceAccess = {
      instanceId: INSTANCE_A,
      permission: 'EDIT_INSTANCES',
      members: [{ userId: grace.userId, name: grace.name, email: grace.email }],
      keys: [{ keyId: '30000000-0000-4000-8000-000000000001', name: 'Deploy key' }],
    };
    const api = signIn(undefined, { [`GET /api/client/permissions/instance/${INSTANCE_A}`]: ok(answer) });
    renderApp('/roles');
    const panel = await screen.findByRole('region', { name: 'Who can…' });
    expect(within(panel).getByText(WHO_CAN_PROMPT)).toBeInTheDocument();
    const user = userEvent.setup();
    await chooseInstance(user, panel);
    await user.click(within(panel).getByRole('textbox', { name: 'Permission' }));
    await user.click(await screen.findByRole('option', { name: 'Manage instances' }));
    const members = await within(panel).findByRole('list', { name: 'Members who can' });
    expect(within(members).getByText(grace.name)).toBeInTheDocument();
    expect(within(within(panel).getByRole('list', { name: 'API keys that can' })).getByText('Deploy key')).toBeInTheDocument();
    const call = api.calls.find((c) => c.path === `/api/client/permissions/instance/${INSTANCE_A}`)!;
    expect(new URLSearchParams(call.search).get('permission')).toBe('EDIT_INSTANCES');
  });

  it('says when nobody may', async () => {
    signIn(undefined, { [`GET /api/client/permissions/instance/${INSTANCE_A}`]: ok({ instanceId: INSTANCE_A, permission: 'VIEW_BILLING', members: [], keys: [] }) });
    renderApp('/roles');
    const panel = await screen.findByRole('region', { name: 'Who can…' });
    const user = userEvent.setup();
    await chooseInstance(user, panel);
    await user.click(within(panel).getByRole('textbox', { name: 'Permission' }));
    await user.click(await screen.findByRole('option', { name: 'View billing' }));
    expect(await within(panel).findByText(NOBODY_CAN)).toBeInTheDocument();
  });

  it('shows no panel without EDIT_MEMBERS', async () => {
    signIn(['VIEW_ROLES']);
    renderApp('/roles');
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.queryByRole('region', { name: 'Who can…' })).toBeNull();
  });

  it('explains an instance list it cannot read', async () => {
    signIn(['VIEW_ROLES', 'EDIT_MEMBERS'], { 'GET /api/managed-saas/instances': fail(403, 'Forbidden.') });
    renderApp('/roles');
    const panel = await screen.findByRole('region', { name: 'Who can…' });
    expect(await within(panel).findByText(NO_INSTANCES_TO_PICK)).toBeInTheDocument();
  });
});

describe('the API keys screen’s permission viewer', () => {
  it('opens from an active key’s row and asks for that key', async () => {
    const KEY_ID = '30000000-0000-4000-8000-000000000001';
    const key = {
      keyId: KEY_ID,
      name: 'CI deploy',
      roleId: 'role-view',
      roleName: 'Viewer',
      status: 'active',
      expiresAt: Date.now() + 86_400_000,
      ipAccessList: [],
      createdAt: Date.now() - 86_400_000,
      createdBy: 'Ada Lovelace',
      createdById: 'usr_ada',
      lastUsedAt: null,
      lastUsedAddress: null,
      previousSecretValidUntil: null,
      revokedAt: null,
    };
    const keyAccess: SubjectAccess = { ...access, subject: { kind: 'key', id: KEY_ID, name: 'CI deploy' } };
    const api = stubSignedIn(makeAccount({ admin: false, superAdmin: false, permissions: ['VIEW_INSTANCES', 'VIEW_MEMBERS', 'EDIT_MEMBERS'], tenantKey: null }), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/client/api-keys': ok({ keys: [key] }),
      'GET /api/managed-saas/instances': instances,
      'GET /api/client/permissions/member': ok(keyAccess),
    });
    renderApp('/account/api-keys');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View permissions of CI deploy' }));
    const drawer = await screen.findByRole('dialog', { name: 'Permissions of CI deploy' });
    await chooseInstance(user, drawer);
    await within(drawer).findByRole('list', { name: 'Actions on this instance' });
    const call = api.calls.find((c) => c.path === '/api/client/permissions/member')!;
    expect(new URLSearchParams(call.search).get('keyId')).toBe(KEY_ID);
    expect(new URLSearchParams(call.search).get('memberId')).toBeNull();
  });
});
