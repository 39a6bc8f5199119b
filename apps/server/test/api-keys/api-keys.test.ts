import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_KEY_ROTATION_OVERLAP_MS, DAY_MS } from '@replay/contracts';
import { apiKeys, consoleActivities } from '../../src/db/schema';
import { createPeerApp, type TestApp } from '../support/app';
import { addApiKey } from '../support/api-keys';
import { bearer, signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addInstance, addMember, auditRowsOf, tokenFor } from '../support/team';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  ({ t, owner } = await appWithOwner());
});
afterAll(() => t.close());
// Some tests move the clock by hours: the owner gets a fresh access token for each test.
beforeEach(async () => {
  owner.jwt = await tokenFor(t, { userId: owner.user.userId, tenantId: owner.user.tenantId });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const listInstances = (headers: Record<string, string>, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'GET', url: '/api/managed-saas/instances?limit=50', headers, remoteAddress });
const keyRow = async (keyId: string) => (await t.runtime.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, keyId)))[0]!;

describe('creating a key', () => {
  it('answers its secret once, keeps only its digest, lists it without the secret, and records the creation', async () => {
    const role = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: 'Deployer', permissions: ['VIEW_INSTANCES'] } });
    const expiresAt = t.clock.now().getTime() + 90 * DAY_MS;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/api-keys',
      headers: bearer(owner.jwt),
      payload: { name: 'CI deploy', roleId: role.json().data.roleId, expiresAt, ipAccessList: ['203.0.113.0/24', '2001:DB8::/32'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { key, secret } = res.json().data;
    expect(secret).toMatch(/^rck_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'CI deploy', roleName: 'Deployer', status: 'active', expiresAt, ipAccessList: ['203.0.113.0/24', '2001:db8::/32'], lastUsedAt: null, createdBy: 'Ada Lovelace' });

    const row = await keyRow(key.keyId);
    expect(row.secretHash).toBe(sha256(secret));
    const stored = await t.runtime.ctx.db.execute(sql`select to_jsonb(k)::text as row from api_keys k where k.id = ${key.keyId}`);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(4));

    const list = await t.app.inject({ method: 'GET', url: '/api/client/api-keys', headers: bearer(owner.jwt) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(4));
    expect(list.json().data.keys.map((k: { keyId: string }) => k.keyId)).toContain(key.keyId);

    const [entry] = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Create API key');
    expect(entry).toMatchObject({ userId: owner.user.userId, status: 201 });
    expect(JSON.stringify(entry)).not.toContain(secret.slice(4));
  });

  it.each([
    ['an expiry in the past', (now: number) => ({ expiresAt: now - 1000 }), API_KEY_MESSAGES.expiryPast],
    ['an expiry beyond a year', (now: number) => ({ expiresAt: now + 366 * DAY_MS }), API_KEY_MESSAGES.expiryTooFar],
    ['an address that is not one', () => ({ ipAccessList: ['10.0.0.300'] }), API_KEY_MESSAGES.ip('10.0.0.300')],
    ['a missing expiry', () => ({ expiresAt: undefined }), null],
  ] as const)('refuses %s with 400 and stores nothing', async (_label, change, message) => {
    const role = (await t.app.inject({ method: 'GET', url: '/api/client/roles', headers: bearer(owner.jwt) })).json().data[0].roleId;
    const before = (await t.runtime.ctx.db.select().from(apiKeys)).length;
    const now = t.clock.now().getTime();
    const payload = { name: 'Bad', roleId: role, expiresAt: now + DAY_MS, ipAccessList: [] as readonly string[], ...change(now) };
    const res = await t.app.inject({ method: 'POST', url: '/api/client/api-keys', headers: bearer(owner.jwt), payload });
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(JSON.stringify(res.json().errors)).toContain(message);
    expect((await t.runtime.ctx.db.select().from(apiKeys)).length).toBe(before);
  });
});

describe('a key’s calls', () => {
  it('pass exactly where its role allows and its scope reaches, and are refused on a person’s own routes', async () => {
    const inside = await addInstance(t, owner.user.tenantId, 'inside');
    const outside = await addInstance(t, owner.user.tenantId, 'outside');
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'], allInstances: false, instances: [inside] });

    const list = await listInstances(key.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.instances.map((i: { instanceId: string }) => i.instanceId)).toEqual([inside]);
    expect((await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${inside}`, headers: key.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${outside}`, headers: key.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/managed-saas/instances/${inside}`, headers: key.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/members', headers: key.headers })).statusCode).toBe(403);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: key.headers });
    expect(account.statusCode).toBe(403);
    expect(account.json().errors).toEqual([API_KEY_MESSAGES.keysOnlyForPeople]);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/api-keys', headers: key.headers })).statusCode).toBe(403);

    const everywhere = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'] });
    const all = (await listInstances(everywhere.headers)).json().data.instances.map((i: { instanceId: string }) => i.instanceId);
    expect(all).toEqual(expect.arrayContaining([inside, outside]));
  });

  it('are refused with 401 for an unknown, malformed, expired or revoked key, on this console and another one at once', async () => {
    const peer = await createPeerApp(t);
    try {
      expect((await listInstances(bearer(`rck_${'A'.repeat(43)}`))).statusCode).toBe(401);
      expect((await listInstances(bearer('rck_short'))).statusCode).toBe(401);

      const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'] });
      expect((await listInstances(key.headers)).statusCode).toBe(200);
      expect((await peer.app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers: key.headers })).statusCode).toBe(200);
      const revoke = await t.app.inject({ method: 'DELETE', url: `/api/client/api-keys/${key.keyId}`, headers: bearer(owner.jwt) });
      expect(revoke.statusCode, revoke.body).toBe(200);
      for (const app of [t.app, peer.app]) {
        for (const url of ['/api/managed-saas/instances', '/api/managed-saas/versions']) {
          const res = await app.inject({ method: 'GET', url, headers: key.headers });
          expect(res.statusCode).toBe(401);
          expect(res.json().errors).toEqual([API_KEY_MESSAGES.invalidKey]);
        }
      }
      expect((await keyRow(key.keyId)).revokedAt).not.toBeNull();

      const short = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'], expiresAt: t.clock.now().getTime() + 60_000 });
      expect((await listInstances(short.headers)).statusCode).toBe(200);
      t.clock.advance(60_001);
      expect((await listInstances(short.headers)).statusCode).toBe(401);
      const listed = (await t.app.inject({ method: 'GET', url: '/api/client/api-keys', headers: bearer(owner.jwt) })).json().data.keys;
      expect(listed.find((k: { keyId: string }) => k.keyId === short.keyId).status).toBe('expired');
      expect(listed.find((k: { keyId: string }) => k.keyId === key.keyId).status).toBe('revoked');
    } finally {
      await peer.close();
    }
  });

  it('from outside its IP list get 403 and are audited as the key; from inside they pass and the last use is recorded', async () => {
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'], ipAccessList: ['203.0.113.0/24'], name: 'Office only' });
    const refused = await listInstances(key.headers, '198.51.100.7');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([API_KEY_MESSAGES.addressRefused]);
    const [entry] = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.apiKeyId === key.keyId);
    expect(entry).toMatchObject({ userId: null, username: 'API key “Office only”', email: '', status: 403, route: '/api/managed-saas/instances', method: 'GET' });
    expect((await keyRow(key.keyId)).lastUsedAt).toBeNull();

    expect((await listInstances(key.headers, '203.0.113.9')).statusCode).toBe(200);
    await t.app.keyUsageDrain();
    const row = await keyRow(key.keyId);
    expect(row.lastUsedAddress).toBe('203.0.113.9');
    expect(row.lastUsedAt!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    const listed = (await t.app.inject({ method: 'GET', url: '/api/client/api-keys', headers: bearer(owner.jwt) })).json().data.keys;
    expect(listed.find((k: { keyId: string }) => k.keyId === key.keyId)).toMatchObject({ lastUsedAddress: '203.0.113.9', lastUsedAt: row.lastUsedAt!.getTime() });
  });

  it('are audited, and shown in the activity log, as the key and never as its creator', async () => {
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_ROLES', 'EDIT_ROLES'], name: 'Role bot' });
    const res = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: key.headers, payload: { name: 'Made by a key', permissions: [] } });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.apiKeyId === key.keyId && r.status === 201);
    expect(entry).toMatchObject({ userId: null, username: 'API key “Role bot”', email: '', action: expect.any(String) });
    const trail = await t.app.inject({ method: 'GET', url: `/api/trails/${entry!.id}`, headers: bearer(owner.jwt) });
    expect(trail.json().data).toMatchObject({ apiKeyId: key.keyId, userId: null, username: 'API key “Role bot”' });
    await t.runtime.drain();
    const activity = await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.tenantId, owner.user.tenantId));
    expect(activity.filter((a) => a.message.includes('Made by a key')).map((a) => a.userName)).toEqual(['API key “Role bot”']);
  });
});

describe('rotating a key', () => {
  it('answers a new secret; old and new both work for the stated overlap, then only the new one', async () => {
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'] });
    const before = t.clock.now().getTime();
    const res = await t.app.inject({ method: 'POST', url: `/api/client/api-keys/${key.keyId}/rotate`, headers: bearer(owner.jwt) });
    expect(res.statusCode, res.body).toBe(200);
    const { secret, key: rotated } = res.json().data;
    expect(secret).not.toBe(key.secret);
    expect(rotated.previousSecretValidUntil).toBeGreaterThanOrEqual(before + API_KEY_ROTATION_OVERLAP_MS);
    expect(rotated.previousSecretValidUntil).toBeLessThanOrEqual(t.clock.now().getTime() + API_KEY_ROTATION_OVERLAP_MS);
    expect((await listInstances(key.headers)).statusCode).toBe(200);
    expect((await listInstances(bearer(secret))).statusCode).toBe(200);
    t.clock.advance(API_KEY_ROTATION_OVERLAP_MS + 1);
    expect((await listInstances(key.headers)).statusCode).toBe(401);
    expect((await listInstances(bearer(secret))).statusCode).toBe(200);
    expect((await keyRow(key.keyId)).secretHash).toBe(sha256(secret));
  });

  it('keeps exactly two secrets working when two rotations race: the newest and the one before it', async () => {
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'] });
    const url = `/api/client/api-keys/${key.keyId}/rotate`;
    const answers = await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url, headers: bearer(owner.jwt) })));
    // Each rotation is a compare-and-set on the secret it read: one made from a stale read is 409, never a third live secret.
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    const issued = answers.filter((r) => r.statusCode === 200).map((r) => r.json().data.secret as string);
    expect(issued.length).toBeGreaterThan(0);
    expect(issued.map(sha256)).toContain((await keyRow(key.keyId)).secretHash);
    const working: string[] = [];
    for (const secret of [key.secret, ...issued]) if ((await listInstances(bearer(secret))).statusCode === 200) working.push(secret);
    expect(working).toHaveLength(2);
    // No caller was handed a secret that does not work.
    expect(working).toEqual(expect.arrayContaining(issued));
  });

  it('refuses a revoked key (409) and another account’s key or an unknown id (404)', async () => {
    const key = await addApiKey(t, owner.jwt, { permissions: [] });
    await t.app.inject({ method: 'DELETE', url: `/api/client/api-keys/${key.keyId}`, headers: bearer(owner.jwt) });
    expect((await t.app.inject({ method: 'POST', url: `/api/client/api-keys/${key.keyId}/rotate`, headers: bearer(owner.jwt) })).statusCode).toBe(409);
    const other = await signup(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/client/api-keys/${key.keyId}/rotate`, headers: bearer(other.jwt) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/client/api-keys/${key.keyId}`, headers: bearer(other.jwt) })).statusCode).toBe(404);
  });
});

describe('a key never grants more than its creator holds', () => {
  it('at creation, at rotation and revocation, and at every use as the creator’s rights change', async () => {
    const creator = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'EDIT_MEMBERS', 'VIEW_MEMBERS'] });
    const editorRole = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: 'Instance editor', permissions: ['EDIT_INSTANCES'] } });
    const above = await t.app.inject({
      method: 'POST',
      url: '/api/client/api-keys',
      headers: creator.headers,
      payload: { name: 'Too strong', roleId: editorRole.json().data.roleId, expiresAt: t.clock.now().getTime() + DAY_MS, ipAccessList: [] },
    });
    expect(above.statusCode).toBe(403);
    expect(above.json().errors).toEqual([API_KEY_MESSAGES.roleAboveCreator]);

    const ownersKey = await addApiKey(t, owner.jwt, { roleId: editorRole.json().data.roleId });
    expect((await t.app.inject({ method: 'POST', url: `/api/client/api-keys/${ownersKey.keyId}/rotate`, headers: creator.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/client/api-keys/${ownersKey.keyId}`, headers: creator.headers })).statusCode).toBe(403);
    expect((await keyRow(ownersKey.keyId)).revokedAt).toBeNull();

    const viewerRole = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: 'Instance viewer', permissions: ['VIEW_INSTANCES'] } });
    const key = await addApiKey(t, creator.jwt, { roleId: viewerRole.json().data.roleId });
    expect((await listInstances(key.headers)).statusCode).toBe(200);

    // The creator loses VIEW_INSTANCES: their key loses it on its next call.
    const narrowed = await t.app.inject({
      method: 'POST',
      url: `/api/client/roles/${creator.roleId}`,
      headers: bearer(owner.jwt),
      payload: { name: 'Narrowed', permissions: ['EDIT_MEMBERS', 'VIEW_MEMBERS'] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await listInstances(key.headers)).statusCode).toBe(403);
    // The creator is removed: the key is no one's, and refused.
    await t.app.inject({
      method: 'POST',
      url: `/api/client/roles/${creator.roleId}`,
      headers: bearer(owner.jwt),
      payload: { name: 'Narrowed', permissions: ['VIEW_INSTANCES', 'EDIT_MEMBERS', 'VIEW_MEMBERS'] },
    });
    expect((await listInstances(key.headers)).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/client/members/${creator.userId}`, headers: bearer(owner.jwt) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listInstances(key.headers)).statusCode).toBe(401);
  });
});

describe('per-key rate limits', () => {
  it('answer 429 with Retry-After and the RateLimit headers past the limit, per key, until the window ends', async () => {
    const { t: limited, owner: boss } = await appWithOwner({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const key = await addApiKey(limited, boss.jwt, { permissions: ['VIEW_INSTANCES'] });
      const other = await addApiKey(limited, boss.jwt, { permissions: ['VIEW_INSTANCES'] });
      const call = (headers: Record<string, string>) => limited.app.inject({ method: 'GET', url: '/api/managed-saas/instances', headers });
      for (const remaining of ['2', '1', '0']) {
        const res = await call(key.headers);
        expect(res.statusCode).toBe(200);
        expect(res.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': remaining, 'ratelimit-reset': '60' });
      }
      const refused = await call(key.headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ errors: [API_KEY_MESSAGES.rateLimited], code: 'rate_limited' });
      expect(refused.headers).toMatchObject({ 'retry-after': '60', 'ratelimit-limit': '3', 'ratelimit-remaining': '0', 'ratelimit-reset': '60' });
      expect((await call(other.headers)).statusCode).toBe(200);
      expect((await call(bearer(boss.jwt))).headers['ratelimit-limit']).toBeUndefined();
      limited.clock.advance(60_000);
      expect((await call(key.headers)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
