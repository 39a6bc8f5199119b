import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCIM_MESSAGES, type Role, type ScimProvisioning } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { makeRole } from '../../test/team-fixtures';

const NOW = Date.now();
const TOKEN = `rcs_${'t'.repeat(43)}`;

const role = (roleId: string, name: string, isProtected = false): Role => makeRole({ roleId, name, description: '', protected: isProtected, createdAt: NOW });
const roles = [role('role-owner', 'Owner', true), role('role-view', 'Viewer')];
const base = { 'GET /api/public-config': ok(publicConfig), 'GET /api/client/roles': ok(roles) };
const owner = makeAccount({ permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_MEMBERS', 'EDIT_MEMBERS', 'VIEW_ROLES', 'EDIT_ROLES', 'VIEW_BILLING', 'EDIT_BILLING', 'VIEW_ACTIVITY'] });
const provisioning = (over: Partial<ScimProvisioning> = {}): ScimProvisioning => ({ baseUrl: 'http://localhost:3000/api/scim/v2', token: null, groups: [], ...over });

describe('Account › Provisioning', () => {
  it('shows the base URL and no token, then creates one and shows it once with a copy button', async () => {
    const api = stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/scim': ok(provisioning()),
      'POST /api/client/scim/token': ok({ token: TOKEN, info: { createdAt: NOW, lastUsedAt: null, createdBy: 'Ada' } }),
    });
    renderApp('/account/provisioning');
    expect(await screen.findByTestId('scim-base-url')).toHaveTextContent('http://localhost:3000/api/scim/v2');
    expect(screen.getByTestId('scim-token-state')).toHaveTextContent('No SCIM token');
    expect(screen.getByText('No groups yet')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('scim-token')).toHaveTextContent(TOKEN);
    expect(screen.getByText(SCIM_MESSAGES.tokenShownOnce)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy SCIM token' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/client/scim/token')).toHaveLength(1);
  });

  it('revokes only after a confirmation', async () => {
    const api = stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/scim': ok(provisioning({ token: { createdAt: NOW, lastUsedAt: NOW, createdBy: 'Ada' } })),
      'DELETE /api/client/scim/token': ok({ ok: true }),
    });
    renderApp('/account/provisioning');
    const user = userEvent.setup();
    expect(await screen.findByTestId('scim-token-state')).toHaveTextContent('last request');
    await user.click(screen.getByRole('button', { name: 'Revoke token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the SCIM token' });
    expect(dialog).toHaveTextContent(SCIM_MESSAGES.revokeConfirm);
    expect(api.callsTo('DELETE /api/client/scim/token')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('SCIM token revoked')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/client/scim/token')).toHaveLength(1);
  });

  it('lists the groups with a role select each (never the Owner role) and maps one', async () => {
    const api = stubSignedIn(owner, makeJwt(), {
      ...base,
      'GET /api/client/scim': ok(provisioning({ groups: [{ id: 'g-1', displayName: 'Engineering', members: 3, roleId: null, roleName: null }] })),
      'PUT /api/client/scim/groups/g-1': ok({ id: 'g-1', displayName: 'Engineering', members: 3, roleId: 'role-view', roleName: 'Viewer' }),
    });
    renderApp('/account/provisioning');
    const select = await screen.findByRole('combobox', { name: 'Role of Engineering' });
    expect(within(select).queryByRole('option', { name: 'Owner' })).not.toBeInTheDocument();
    await userEvent.setup().selectOptions(select, 'Viewer');
    const [sent] = api.callsTo('PUT /api/client/scim/groups/g-1');
    expect(sent!.body).toEqual({ roleId: 'role-view' });
  });

  it('says why it failed (a member who is no owner)', async () => {
    stubSignedIn(owner, makeJwt(), { ...base, 'GET /api/client/scim': fail(403, SCIM_MESSAGES.ownerOnly) });
    renderApp('/account/provisioning');
    expect(await screen.findByText(/Error fetching provisioning/)).toBeInTheDocument();
  });
});
