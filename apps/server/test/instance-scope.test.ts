import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@replay/contracts';
import { inScope, instanceScopeOf } from '../src/lib/instance-scope';
import type { Principal } from '../src/lib/principal';
import { rightsOf } from '../src/modules/roles/rights.door';

/**
 * The one instance-scope rule (docs/decisions/team.md): the
 * instances module, the Activity screen, the audit trail and the escalation
 * rule of members and roles all read it from instanceScopeOf.
 */

const TENANT = randomUUID();
const CHOSEN = randomUUID();
const OTHER = randomUUID();

function principal(over: Partial<Principal>): Principal {
  return {
    apiKey: null,
    userId: randomUUID(),
    tenantId: TENANT,
    email: 'someone@example.com',
    name: 'Someone',
    admin: false,
    superAdmin: false,
    passwordChangeRequired: false,
    mfaEnrolmentRequired: false,
    permissions: [],
    role: null,
    sessionId: null,
    ...over,
  };
}

const role = (allInstances: boolean, instances: string[] = []) => ({ id: randomUUID(), name: 'R', allInstances, instances, protected: false });

const cases: [string, Principal, readonly string[] | null][] = [
  ['a member without a role reaches no instance', principal({ role: null }), []],
  ['an admin without a role reaches no instance either', principal({ admin: true, role: null }), []],
  ['the owner (super admin) reaches every instance without a role', principal({ superAdmin: true, role: null }), null],
  ['the owner reaches every instance whatever their role names', principal({ superAdmin: true, role: role(false, [CHOSEN]) }), null],
  ['an all-instances role reaches every instance', principal({ role: role(true) }), null],
  ['a chosen-instances role reaches those', principal({ role: role(false, [CHOSEN]) }), [CHOSEN]],
  ['a role with no chosen instance reaches none', principal({ role: role(false, []) }), []],
];

describe('instanceScopeOf', () => {
  it.each(cases)('%s', (_name, p, ids) => {
    expect(instanceScopeOf({ ...p, permissions: [...PERMISSIONS] })).toEqual({ tenantId: TENANT, ids });
  });

  it.each(cases)('the escalation rule holds the same scope: %s', (_name, p, ids) => {
    expect(rightsOf(p)).toMatchObject({ allInstances: ids === null, instances: ids ?? [] });
  });

  it('lets through only UUIDs of the scope', () => {
    expect(inScope({ tenantId: TENANT, ids: [CHOSEN] }, CHOSEN)).toBe(true);
    expect(inScope({ tenantId: TENANT, ids: [CHOSEN] }, OTHER)).toBe(false);
    expect(inScope({ tenantId: TENANT, ids: null }, OTHER)).toBe(true);
    expect(inScope({ tenantId: TENANT, ids: null }, 'not-a-uuid')).toBe(false);
    expect(inScope({ tenantId: TENANT, ids: ['not-a-uuid'] }, 'not-a-uuid')).toBe(false);
  });
});
