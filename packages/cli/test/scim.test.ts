import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index';
import { harness, ok, on, refusal } from './harness';

const GROUP = '22222222-2222-4222-8222-222222222222';
const ROLE = '33333333-3333-4333-8333-333333333333';
const TOKEN = `rcs_${'t'.repeat(43)}`;
const info = (roleId: string | null = null) => ({
  baseUrl: 'http://localhost:3000/api/scim/v2',
  token: { createdAt: 1_700_000_000_000, lastUsedAt: null, createdBy: 'Ada' },
  groups: [{ id: GROUP, displayName: 'Engineering', members: 2, roleId, roleName: roleId ? 'Viewer' : null }],
});

describe('replay scim (issue 45)', () => {
  it('token create prints the token alone on standard output, the base URL on standard error', async () => {
    const h = harness({ routes: [on('POST', '/api/client/scim/token', ok({ token: TOKEN, info: info().token })), on('GET', '/api/client/scim', ok(info()))] });
    expect(await h.run('scim', 'token', 'create')).toBe(EXIT.ok);
    expect(h.stdout()).toBe(`${TOKEN}\n`);
    expect(h.stderr()).toContain('http://localhost:3000/api/scim/v2');
  });

  it('token revoke asks for --yes; a member who is no owner is refused (exit 3)', async () => {
    const h = harness({ routes: [on('DELETE', '/api/client/scim/token', refusal(403, 'Only an owner of the account manages its SCIM provisioning.', 'forbidden'))] });
    expect(await h.run('scim', 'token', 'revoke')).toBe(EXIT.usage);
    expect(h.calls).toHaveLength(0);
    expect(await h.run('scim', 'token', 'revoke', '--yes')).toBe(EXIT.refused);
    expect(h.stderr()).toContain('Only an owner');
  });

  it('groups lists each group and its role; --map sets a role by name', async () => {
    const h = harness({
      routes: [
        on('GET', '/api/client/roles', ok([{ roleId: ROLE, name: 'Viewer' }])),
        on('PUT', '/api/client/scim/groups/*', ok({ ...info(ROLE).groups[0] })),
        on('GET', '/api/client/scim', () => ok(h.calls.some((c) => c.method === 'PUT') ? info(ROLE) : info())),
      ],
    });
    expect(await h.run('scim', 'groups', '--map', 'engineering', '--role', 'Viewer')).toBe(EXIT.ok);
    const put = h.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/client/scim/groups/${GROUP}`);
    expect(put.body).toEqual({ roleId: ROLE });
    expect(h.stdout()).toContain('│ Engineering │ 2');
    expect(h.stdout()).toContain('Viewer');
    expect(await h.run('scim', 'groups', '--map', 'Nope', '--role', 'none')).toBe(EXIT.notFound);
  });
});
