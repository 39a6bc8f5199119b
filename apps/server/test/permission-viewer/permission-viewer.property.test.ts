import { afterAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { PERMISSIONS, endpoints, instanceEndpointNames, type EndpointName, type SubjectAccess } from '@replay/contracts';
import { newId } from '../../src/lib/ids';
import { createTestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addApiKey } from '../support/api-keys';
import { addInstance, addMember } from '../support/team';
import { fillPath } from '../support/route-table';

/**
 * The viewer's answer is the live routes' answer. For random roles (any subset of the
 * permissions, every instance or any subset of them), a random member or API key holding
 * one and a random instance: for each call about one instance, the viewer's decision
 * must match what the route itself answers that caller.
 *
 * How a refusal shows on the wire: a missing permission or a call for people only is 403
 * from the guard; an instance outside the role's scope is 404 'Instance not found.' (as
 * absent). Anything else (200, 400 for the empty body, 404 for a random sub-resource id,
 * 409, 502 from an instance with no agent) got past both, so is allowed. A 400 comes
 * before the scope is read, so it settles only the guard's part of the decision.
 * Changes without a body (delete, cleanup, …) are not called: with a caller the viewer
 * allows they would really act; the guard's part of them is the RBAC matrix's.
 */
const t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '1000000' });
afterAll(() => t.close());

const owner = await signup(t);
const tenantId = owner.user.tenantId;
const instanceIds = [await addInstance(t, tenantId, 'p-one'), await addInstance(t, tenantId, 'p-two'), await addInstance(t, tenantId, 'p-three')];

const probed: EndpointName[] = instanceEndpointNames().filter((name) => {
  const e = endpoints[name];
  return e.method === 'GET' || 'body' in e;
});

const INSTANCE_NOT_FOUND = 'Instance not found.';
const seen = { outsideScope: 0, missing: 0, peopleOnly: 0, allowed: 0 };

const caseArb = fc.record({
  permissions: fc.subarray([...PERMISSIONS]),
  allInstances: fc.boolean(),
  chosen: fc.subarray([0, 1, 2]),
  viaKey: fc.boolean(),
  target: fc.integer({ min: 0, max: 2 }),
});

it('for random roles, scopes, instances, members and keys, the viewer says what the routes do', async () => {
  await fc.assert(
    fc.asyncProperty(caseArb, async ({ permissions, allInstances, chosen, viaKey, target }) => {
      const role = { permissions, allInstances, instances: chosen.map((i) => instanceIds[i]!) };
      const subject = viaKey ? await addApiKey(t, owner.jwt, role) : await addMember(t, tenantId, role);
      const instanceId = instanceIds[target]!;
      const query: Record<string, string> = viaKey ? { keyId: (subject as { keyId: string }).keyId, instanceId } : { memberId: (subject as { userId: string }).userId, instanceId };
      const viewer = await t.app.inject({ method: 'GET', url: '/api/client/permissions/member', query, headers: bearer(owner.jwt) });
      expect(viewer.statusCode, viewer.body).toBe(200);
      const actions = new Map((viewer.json().data as SubjectAccess).actions.map((a) => [a.action, a]));

      for (const name of probed) {
        const e = endpoints[name];
        const url = `/api${fillPath(e.path, (param) => (param === 'id' ? instanceId : newId()))}`;
        const options: InjectOptions = { method: e.method, url, headers: subject.headers, ...('body' in e ? { payload: {} } : {}) };
        const res = await t.app.inject(options);
        const decision = actions.get(name)!;
        const label = `${name} ${e.method} ${e.path}: viewer ${decision.reason}, route ${res.statusCode} ${res.body.slice(0, 160)}`;
        const guardRefused = decision.reason === 'missing_permission' || decision.reason === 'people_only';
        expect(res.statusCode === 403, label).toBe(guardRefused);
        if (res.statusCode !== 400) {
          expect(res.statusCode === 404 && res.body.includes(INSTANCE_NOT_FOUND), label).toBe(decision.reason === 'outside_scope');
        }
        expect(decision.allowed, label).toBe(decision.reason === 'allowed');
        if (decision.reason === 'outside_scope') seen.outsideScope += 1;
        else if (decision.reason === 'missing_permission') seen.missing += 1;
        else if (decision.reason === 'people_only') seen.peopleOnly += 1;
        else seen.allowed += 1;
      }
    }),
    { numRuns: 16, seed: Number(process.env.PERMISSION_VIEWER_SEED ?? 20261127) },
  );
  // The runs met every kind of answer, so the property was tested on each.
  for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
});
