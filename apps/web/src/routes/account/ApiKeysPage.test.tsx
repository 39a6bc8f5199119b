import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_KEY_MESSAGES, DAY_MS, type ApiKey, type Role } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const NOW = Date.now();
const SECRET = `rck_${'s'.repeat(43)}`;

function key(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    keyId: 'key-1',
    name: 'CI deploy',
    roleId: 'role-view',
    roleName: 'Viewer',
    status: 'active',
    expiresAt: NOW + 30 * DAY_MS,
    ipAccessList: [],
    createdAt: NOW - DAY_MS,
    createdBy: 'Ada Lovelace',
    createdById: 'usr_1',
    lastUsedAt: NOW - 60_000,
    lastUsedAddress: '203.0.113.9',
    previousSecretValidUntil: null,
    revokedAt: null,
    ...overrides,
  };
}

function role(roleId: string, name: string, permissions: Role['permissions'], isProtected = false): Role {
  return { roleId, name, description: '', allInstances: true, instances: [], permissions, protected: isProtected, tenantId: 'ten_1', createdAt: NOW, deletedAt: null, memberCount: 0 };
}

const roles = [role('role-view', 'Viewer', ['VIEW_INSTANCES']), role('role-billing', 'Billing', ['EDIT_BILLING'])];
const base = { 'GET /api/public-config': ok(publicConfig), 'GET /api/client/roles': ok(roles) };
const editor = makeAccount({ admin: false, superAdmin: false, permissions: ['VIEW_INSTANCES', 'VIEW_MEMBERS', 'EDIT_MEMBERS'], tenantKey: null });

describe('Account › API keys', () => {
  it('lists the keys: name, role, expiry, last use with its address, status; revoked keys offer no actions', async () => {
    stubSignedIn(editor, makeJwt(), { ...base, 'GET /api/client/api-keys': ok({ keys: [key(), key({ keyId: 'key-2', name: 'Old', status: 'revoked', revokedAt: NOW })] }) });
    renderApp('/account/api-keys');
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('CI deploy');
    expect(first).toHaveTextContent('Viewer');
    expect(first).toHaveTextContent('from 203.0.113.9');
    expect(first).toHaveTextContent('Active');
    expect(within(first!).getByRole('button', { name: 'Revoke CI deploy' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Revoked');
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers Rotate on the viewer’s own keys only: another member’s key may be revoked, not rotated (issue 42)', async () => {
    stubSignedIn(editor, makeJwt(), { ...base, 'GET /api/client/api-keys': ok({ keys: [key(), key({ keyId: 'key-3', name: 'Theirs', createdById: 'usr_2', createdBy: 'Bo' })] }) });
    renderApp('/account/api-keys');
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, own, theirs] = within(table).getAllByRole('row');
    expect(within(own!).getByRole('button', { name: 'Rotate CI deploy' })).toBeInTheDocument();
    expect(within(theirs!).queryByRole('button', { name: 'Rotate Theirs' })).not.toBeInTheDocument();
    expect(within(theirs!).getByRole('button', { name: 'Revoke Theirs' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stubSignedIn(editor, makeJwt(), { ...base, 'GET /api/client/api-keys': ok({ keys: [] }) });
    renderApp('/account/api-keys');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('says why the list failed', async () => {
    stubSignedIn(editor, makeJwt(), { ...base, 'GET /api/client/api-keys': fail(500, 'Internal server error.') });
    renderApp('/account/api-keys');
    expect(await screen.findByText(/Error fetching API keys/)).toBeInTheDocument();
  });

  it('creates a key with a role the member may grant, checks the form first, and shows the secret once with a copy button', async () => {
    const api = stubSignedIn(editor, makeJwt(), {
      ...base,
      'GET /api/client/api-keys': ok({ keys: [] }),
      'POST /api/client/api-keys': { status: 201, body: { data: { key: key({ ipAccessList: ['203.0.113.0/24'] }), secret: SECRET } } },
    });
    renderApp('/account/api-keys');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    // Only roles within the member's own permissions are offered.
    const select = within(dialog).getByRole('combobox', { name: /Role/ });
    expect(within(select).queryByRole('option', { name: 'Billing' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /IP access list/ }), '10.0.0.300');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText(API_KEY_MESSAGES.ip('10.0.0.300'))).toBeInTheDocument();
    expect(within(dialog).getAllByText('This field is required').length).toBe(2);
    expect(api.callsTo('POST /api/client/api-keys')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'CI deploy');
    await user.selectOptions(select, 'Viewer');
    await user.clear(within(dialog).getByRole('textbox', { name: /IP access list/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /IP access list/ }), '203.0.113.0/24');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'API key CI deploy created' });
    expect(within(shown).getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByText(API_KEY_MESSAGES.secretOnce)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy API key secret' })).toBeInTheDocument();
    const [sent] = api.callsTo('POST /api/client/api-keys');
    expect(sent!.body).toMatchObject({ name: 'CI deploy', roleId: 'role-view', ipAccessList: ['203.0.113.0/24'] });
    const expiresAt = (sent!.body as { expiresAt: number }).expiresAt;
    expect(expiresAt).toBeGreaterThan(NOW);
    expect(expiresAt).toBeLessThanOrEqual(NOW + 365 * DAY_MS);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('rotates after a confirmation that states the overlap, and shows the new secret with the time the old one stops', async () => {
    const until = NOW + DAY_MS;
    const api = stubSignedIn(editor, makeJwt(), {
      ...base,
      'GET /api/client/api-keys': ok({ keys: [key()] }),
      'POST /api/client/api-keys/key-1/rotate': ok({ key: key({ previousSecretValidUntil: until }), secret: SECRET }),
    });
    renderApp('/account/api-keys');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rotate CI deploy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate CI deploy' });
    expect(confirm).toHaveTextContent('The current secret keeps working for 24 hours, then stops.');
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'New secret of CI deploy' });
    expect(within(shown).getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByTestId('rotation-overlap')).toHaveTextContent('The previous secret keeps working until');
    expect(api.callsTo('POST /api/client/api-keys/key-1/rotate')).toHaveLength(1);
  });

  it('revokes only after a confirmation, and Cancel changes nothing', async () => {
    const api = stubSignedIn(editor, makeJwt(), { ...base, 'GET /api/client/api-keys': ok({ keys: [key()] }), 'DELETE /api/client/api-keys/key-1': ok({ ok: true }) });
    renderApp('/account/api-keys');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke CI deploy' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke CI deploy' });
    expect(confirm).toHaveTextContent(API_KEY_MESSAGES.revokeConfirm);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /api/client/api-keys/key-1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Revoke CI deploy' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke CI deploy' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(API_KEY_MESSAGES.revoked)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/client/api-keys/key-1')).toHaveLength(1);
  });

  it('is operable with the keyboard: the create dialog opens on Enter with the name focused, and Escape closes it', async () => {
    stubSignedIn(editor, makeJwt(), { ...base, 'GET /api/client/api-keys': ok({ keys: [] }) });
    renderApp('/account/api-keys');
    const user = userEvent.setup();
    const create = await screen.findByRole('button', { name: 'Create API key' });
    create.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create API key' })).not.toBeInTheDocument());
  });

  it('shows a member without the Team screen no keys and no create button, and no project key to a non-admin', async () => {
    const api = stubSignedIn(makeAccount({ admin: false, superAdmin: false, permissions: ['VIEW_INSTANCES'], tenantKey: null }), makeJwt(), base);
    renderApp('/account/api-keys');
    expect(await screen.findByText('API keys are managed by members who may view the team. Please ask an admin.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
    expect(screen.queryByText('tk_123')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/client/api-keys')).toHaveLength(0);
  });

  it('shows an admin the project key with its copy button', async () => {
    stubSignedIn(makeAccount(), makeJwt(), { ...base, 'GET /api/client/api-keys': ok({ keys: [] }) });
    renderApp('/account/api-keys');
    expect(await screen.findByText('tk_123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy project key' })).toBeInTheDocument();
  });
});
