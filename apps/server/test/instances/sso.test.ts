import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_LABELS, SSO_MESSAGES, type Instance, type SsoBody, type SsoConfig } from '@replay/contracts';
import { certificateValid, startTestIdp, type TestIdp } from '@replay/test-idp';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, tempInstancesDir, until } from './support';

/**
 * SSO through the API with a real agent and a real SAML identity provider (the test IdP,
 * which signs assertions with a key generated at start): the settings a member saves are
 * applied to the agent by the config step; a Test sign-in is a real round trip through
 * the IdP; enforcing waits for one that passed with the same settings, and then the
 * instance refuses password sign-in while the console's one-time link still signs in.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
let idp: TestIdp;
const path = () => `/managed-saas/instances/${inst.instanceId}/config-sso`;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const read = async () => (await api(t, owner.jwt).get(path())).json().data as SsoConfig;
const applied = () => until(read, (s) => !s.pending, 30_000, 'the config step');
const body = (over: Partial<SsoBody> = {}): SsoBody => ({
  idp_entityId: idp.entityId,
  idp_name: 'Test IdP',
  idp_sso_url: idp.ssoUrl,
  idp_slo_url: null,
  idp_x509cert: idp.certPem,
  enforce_SSO: false,
  ...over,
});
const save = (payload: unknown) => api(t, owner.jwt).post(path(), payload as object);
const agentConfig = () => JSON.parse(readFileSync(join(dir.dataDir, 'instances', inst.instanceId, 'data', 'config.json'), 'utf8'));

/** The Test sign-in a member runs from the tab, as the browser would: the instance, the IdP, back to the instance. */
async function testSignIn(testUrl: string): Promise<{ status: number; page: string }> {
  const started = await fetch(testUrl, { redirect: 'manual' });
  expect(started.status).toBe(302);
  const answer = await idp.respond(started.headers.get('location')!, 'ada@example.com');
  // The browser brings back the cookie that binds the sign-in to it (the agent's sso-requests.ts).
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const res = await fetch(answer.acsUrl, {
    method: 'POST',
    body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, ...(answer.RelayState ? { RelayState: answer.RelayState } : {}) }),
    headers: { Cookie: cookie },
    redirect: 'manual',
  });
  return { status: res.status, page: await res.text() };
}

beforeAll(async () => {
  idp = await startTestIdp();
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Sso Corp', instance: { name: 'Signed' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await idp.close();
  await dir.dispose();
});

describe('GET …/config-sso', () => {
  it('answers SSO off, with the service provider details the IdP needs', async () => {
    const sso = await read();
    expect(sso).toMatchObject({ idp: null, enforce: false, pending: false, updatedAt: null, test: { passedForSaved: false, testedAt: null, nameId: null } });
    expect(sso.serviceProvider).toEqual({
      entityId: `${inst.instanceUrl}/sso/metadata`,
      acsUrl: `${inst.instanceUrl}/sso/acs`,
      sloUrl: `${inst.instanceUrl}/sso/slo`,
      metadataUrl: `${inst.instanceUrl}/sso/metadata`,
      testUrl: `${inst.instanceUrl}/sso/login?test=1`,
    });
  });
});

describe('POST …/config-sso', () => {
  it('refuses http URLs, text that is no certificate, and an expired certificate with 400, changing nothing', async () => {
    const expired = await certificateValid(new Date(Date.UTC(2020, 0, 1)), new Date(Date.UTC(2021, 0, 1)));
    const cases: [Partial<SsoBody>, string][] = [
      [{ idp_sso_url: 'http://idp.example.com/sso' }, SSO_MESSAGES.notHttps(SSO_LABELS.ssoUrl)],
      [{ idp_slo_url: 'ftp://idp.example.com/slo' }, SSO_MESSAGES.notHttps(SSO_LABELS.sloUrl)],
      [{ idp_entityId: '' }, SSO_MESSAGES.required(SSO_LABELS.entityId)],
      [{ idp_x509cert: 'hello' }, SSO_MESSAGES.notPem],
      [{ idp_x509cert: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, SSO_MESSAGES.certUnreadable],
      [{ idp_x509cert: expired }, SSO_MESSAGES.certExpired('2021-01-01')],
    ];
    for (const [change, message] of cases) {
      const res = await save(body(change));
      expect(res.statusCode, message).toBe(400);
      expectErrorAnswerShape(res);
      expect(res.json().errors).toContain(message);
    }
    expect((await save({ ...body(), more: 1 })).statusCode).toBe(400);
    expect(await read()).toMatchObject({ idp: null, updatedAt: null });
    expect(await activityRecords(t, inst.instanceId, 'configUpdate')).toEqual([]);
  });

  it('saves the identity provider, reads its certificate, and the config step gives it to the agent', { timeout: 60_000 }, async () => {
    const res = await save(body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ pending: true, enforce: false, idp: { entityId: idp.entityId, name: 'Test IdP', sloUrl: null } });
    const sso = await applied();
    expect(sso.idp!.certificate).toMatchObject({ subject: 'CN=Replay test IdP', notAfter: expect.any(Number), sha256: expect.stringMatching(/^[0-9A-F:]+$/) });
    expect(agentConfig().sso).toEqual({ idpEntityId: idp.entityId, idpName: 'Test IdP', idpSsoUrl: idp.ssoUrl, idpSlsUrl: null, idpX509cert: idp.certPem.trim(), enforceSSO: false });
    const records = await activityRecords(t, inst.instanceId, 'configUpdate');
    expect(records.map((r) => [r.status, r.userName, r.comments])).toEqual([
      ['pending', owner.user.name, 'Sign-in through Test IdP'],
      ['success', 'System', 'The instance offers sign-in through Test IdP'],
    ]);
    const events = (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}/user-activity`)).json().data.events as { action: string }[];
    expect(events.filter((e) => e.action === 'configUpdate')).toHaveLength(2);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'SSO update' && r.status === 200).map((r) => r.instanceId)).toEqual([inst.instanceId]);
  });

  it('refuses to enforce before a Test sign-in passed with these settings: 409', async () => {
    const res = await save(body({ enforce_SSO: true }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([SSO_MESSAGES.enforceNeedsTest]);
    expect(await read()).toMatchObject({ enforce: false });
  });

  it('records a Test sign-in through the IdP on the instance, which then allows enforcing exactly these settings', { timeout: 60_000 }, async () => {
    const test = await testSignIn((await read()).serviceProvider!.testUrl);
    expect(test.status).toBe(200);
    expect(test.page).toContain('Test sign-in passed');
    expect(await read()).toMatchObject({ test: { passedForSaved: true, nameId: 'ada@example.com', testedAt: expect.any(Number) } });
    // Other settings than those tested are not enforced.
    const other = await save(body({ idp_sso_url: `${idp.ssoUrl}?tenant=2`, enforce_SSO: true }));
    expect(other.statusCode).toBe(409);
    const res = await save(body({ enforce_SSO: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await applied()).toMatchObject({ enforce: true, test: { passedForSaved: true } });
    expect(agentConfig().sso.enforceSSO).toBe(true);
  });

  it('leaves the instance refusing passwords, while the console’s one-time link still signs the owner in', { timeout: 30_000 }, async () => {
    const signin = await fetch(`${inst.instanceUrl}/signin`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'ada@example.com', password: 'Correct horse battery' }),
      headers: { Origin: inst.instanceUrl! },
      redirect: 'manual',
    });
    expect(signin.status).toBe(403);
    expect(await signin.text()).toContain('Password sign-in is turned off: this instance signs in through Test IdP.');
    const link = await driver().loginUrl(inst.instanceId, { userId: owner.user.userId, name: owner.user.name, email: owner.user.email });
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const home = await (await fetch(`${inst.instanceUrl}/`, { headers: { Cookie: opened.headers.get('set-cookie')!.split(';')[0]! } })).text();
    expect(home).toContain(owner.user.name);
    expect(home).toContain('the console');
  });
});

describe('DELETE …/config-sso', () => {
  it('turns SSO off on the instance, with its record', { timeout: 60_000 }, async () => {
    const res = await api(t, owner.jwt).delete(path());
    expect(res.statusCode, res.body).toBe(200);
    expect(await applied()).toMatchObject({ idp: null, enforce: false });
    expect(agentConfig().sso).toBeNull();
    const records = await activityRecords(t, inst.instanceId, 'configUpdate');
    expect(records.slice(-2).map((r) => [r.status, r.comments])).toEqual([
      ['pending', 'SSO removed: password sign-in only'],
      ['success', 'The instance signs users in with passwords only'],
    ]);
  });
});

describe('who may', () => {
  it('lets a member who may only read see the SSO settings, not change them: 403', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get(path())).statusCode).toBe(200);
    expect((await api(t, viewer.jwt).post(path(), body())).statusCode).toBe(403);
    expect((await api(t, viewer.jwt).delete(path())).statusCode).toBe(403);
  });

  it('answers 404 for another account’s instance', async () => {
    const stranger = await signup(t);
    for (const res of [await api(t, stranger.jwt).get(path()), await api(t, stranger.jwt).post(path(), body()), await api(t, stranger.jwt).delete(path())]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});
