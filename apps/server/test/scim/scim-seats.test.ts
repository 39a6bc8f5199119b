import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, MEMBER_MESSAGES, SCIM_SCHEMAS } from '@replay/contracts';
import { createTestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addScimToken, scimCall } from '../support/scim';

/**
 * SCIM takes seats as invitations do (members' seats.door): a trial account holds
 * ACCOUNT_LIMITS.trial.teamMembers members, the owner one of them. Past that the IdP is
 * answered 403 with the limit's words (not 409, which IdPs read as "the user exists").
 */
const t = await createTestApp();
afterAll(() => t.close());
const owner = await signup(t);
const { headers } = await addScimToken(t, owner.jwt);
const LIMIT = ACCOUNT_LIMITS.trial.teamMembers;
const create = (n: number, active = true) => scimCall(t, headers, 'POST', '/Users', { schemas: [SCIM_SCHEMAS.user], userName: `seat.${n}@example.com`, active });

describe('SCIM and the account’s seats', () => {
  const ids: string[] = [];

  it('creates members up to the seat limit, then refuses the next with 403 and the limit’s words', async () => {
    for (let n = 1; n < LIMIT; n += 1) {
      const res = await create(n);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const refused = await create(LIMIT);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '403', detail: MEMBER_MESSAGES.seatLimit(LIMIT) });
    const members = await t.app.inject({ method: 'GET', url: '/api/client/members?limit=100', headers: bearer(owner.jwt) });
    expect(members.json().data.total).toBe(LIMIT);
  });

  it('lets an inactive user in (no seat), and refuses their reactivation while the account is full', async () => {
    const inactive = await create(LIMIT + 1, false);
    expect(inactive.statusCode, inactive.body).toBe(201);
    const back = await scimCall(t, headers, 'PATCH', `/Users/${inactive.json().id}`, { schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(back.statusCode, back.body).toBe(403);
    expect(back.json().detail).toBe(MEMBER_MESSAGES.seatLimit(LIMIT));
  });

  it('has a seat again once a member is deactivated', async () => {
    const off = await scimCall(t, headers, 'PATCH', `/Users/${ids[0]}`, { schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.statusCode, off.body).toBe(200);
    const res = await create(LIMIT + 2);
    expect(res.statusCode, res.body).toBe(201);
  });
});
