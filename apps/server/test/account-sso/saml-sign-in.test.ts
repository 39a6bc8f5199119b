import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ssoConnections, ssoSessions, users } from '../../src/db/schema';
import { bearer } from '../support/auth';
import { follow, postToAcs, redeem, samlWorld, startByEmail, startTest } from './saml-harness';

/**
 * SAML sign-in to the console against Debian's SimpleSAMLphp: the IdP signs the assertions, the
 * browser's walk is done by hand (the IdP's pages by fetch, the console's by inject), and the
 * ACS's cross-site POST carries no console cookie, as a browser's SameSite=Lax rule has it.
 */
const ADA = { username: 'ada', password: 'ada-secret-1', email: 'Ada@saml-acme.example', name: 'Ada Lovelace', groups: ['engineering'] };
const BOB = { username: 'bob', password: 'bob-secret-1', email: 'bob@saml-acme.example', name: 'Bob Plain', groups: [] };
const w = await samlWorld('saml-acme.example', [ADA, BOB]);
afterAll(() => w.close());
const failed = () => `${w.base}/login?sso=failed`;
const settings = async () => (await w.t.app.inject({ method: 'GET', url: '/api/client/sso', headers: bearer(w.owner.jwt) })).json().data;

describe('the owner’s test sign-in (SAML)', () => {
  it('passes against SimpleSAMLphp and marks the connection tested', async () => {
    const j = await startTest(w, ADA);
    const next = await postToAcs(w, j.form);
    expect(next).toMatch(new RegExp(`^${w.base}/sso/saml/continue\\?state=`));
    expect(await follow(w, next, j.binding)).toBe(`${w.base}/client/sso?test=passed`);
    const { connection } = await settings();
    expect(connection).toMatchObject({ protocol: 'saml', state: 'tested', lastTest: { passed: true, detail: 'Signed in as ada@saml-acme.example, groups: engineering.' } });
  });

  it('records a refusal: an assertion from another issuer than the saved entity id', async () => {
    const tenantId = w.owner.user.tenantId;
    await w.t.runtime.ctx.db.update(ssoConnections).set({ samlIdpEntityId: 'https://idp.elsewhere.example/metadata' }).where(eq(ssoConnections.tenantId, tenantId));
    try {
      const j = await startTest(w, ADA);
      expect(await follow(w, await postToAcs(w, j.form), j.binding)).toBe(`${w.base}/client/sso?test=failed`);
      expect((await settings()).connection.lastTest).toMatchObject({ passed: false, detail: expect.stringMatching(/issuer/i) });
      const signIn = await startByEmail(w, BOB.email, BOB);
      expect(await follow(w, await postToAcs(w, signIn.form), signIn.binding)).toBe(failed());
    } finally {
      await w.t.runtime.ctx.db.update(ssoConnections).set({ samlIdpEntityId: w.idp.entityId }).where(eq(ssoConnections.tenantId, tenantId));
    }
  });
});

describe('a person of the claimed domain (SAML)', () => {
  it('signs in by email, is created with the role their group maps to, and the session keeps the IdP session', async () => {
    const j = await startByEmail(w, 'ada@saml-acme.example', ADA);
    expect(j.form.action).toBe(w.sp.samlAcsUrl);
    const landing = await follow(w, await postToAcs(w, j.form), j.binding);
    expect(landing).toMatch(new RegExp(`^${w.base}/sso/complete#ticket=`));
    const { res } = await redeem(w, landing);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'ada@saml-acme.example', name: 'Ada Lovelace' });
    const [member] = await w.t.runtime.ctx.db.select().from(users).where(eq(users.email, 'ada@saml-acme.example'));
    expect(member).toMatchObject({ tenantId: w.owner.user.tenantId, roleId: w.roles.Developer, passwordHash: null });
    const [kept] = await w.t.runtime.ctx.db.select().from(ssoSessions).where(eq(ssoSessions.userId, member!.id));
    expect(kept).toMatchObject({ subject: 'Ada@saml-acme.example', samlNameIdFormat: expect.stringContaining('nameid-format') });
    expect(kept!.idpSessionId).toMatch(/^_/);
  });

  it('without a mapped group gets the default role', async () => {
    const j = await startByEmail(w, BOB.email, BOB);
    expect((await redeem(w, await follow(w, await postToAcs(w, j.form), j.binding))).res.statusCode).toBe(200);
    const rows = await w.t.runtime.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.email, BOB.email), eq(users.tenantId, w.owner.user.tenantId)));
    expect(rows.map((r) => r.roleId)).toEqual([w.roles.Viewer]);
  });

  it('refuses a replayed response: the sign-in it answers is claimed once', async () => {
    const j = await startByEmail(w, BOB.email, BOB);
    await postToAcs(w, j.form);
    expect(await postToAcs(w, j.form)).toBe(failed());
  });

  it('refuses a response carried to another sign-in (its InResponseTo names another request)', async () => {
    const first = await startByEmail(w, BOB.email, BOB);
    const second = await startByEmail(w, BOB.email, BOB);
    const carried = new URLSearchParams({ SAMLResponse: first.form.fields.SAMLResponse!, RelayState: second.form.fields.RelayState! });
    expect(await follow(w, await postToAcs(w, second.form, carried.toString()), second.binding)).toBe(failed());
  });

  it('refuses an unsigned assertion', async () => {
    const j = await startByEmail(w, BOB.email, BOB);
    const xml = Buffer.from(j.form.fields.SAMLResponse!, 'base64').toString('utf8');
    const unsigned = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    expect(unsigned).not.toBe(xml);
    const body = new URLSearchParams({ SAMLResponse: Buffer.from(unsigned).toString('base64'), RelayState: j.form.fields.RelayState! });
    expect(await follow(w, await postToAcs(w, j.form, body.toString()), j.binding)).toBe(failed());
  });

  it('signs nobody in from another browser (no binding cookie), and the outcome is spent', async () => {
    const j = await startByEmail(w, BOB.email, BOB);
    const next = await postToAcs(w, j.form);
    expect(await follow(w, next)).toBe(failed());
    expect(await follow(w, next, j.binding)).toBe(failed());
  });

  it('refuses a form that gives RelayState twice', async () => {
    const j = await startByEmail(w, BOB.email, BOB);
    const body = `${new URLSearchParams(j.form.fields).toString()}&RelayState=other`;
    expect(await postToAcs(w, j.form, body)).toBe(failed());
  });

  it('serves the service provider’s metadata: its entity id, ACS and SLO (HTTP-Redirect)', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/sso/saml/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="${w.sp.samlEntityId}"`);
    expect(res.body).toContain(`Location="${w.sp.samlAcsUrl}"`);
    expect(res.body).toMatch(new RegExp(`SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${w.sp.samlSloUrl}"`));
  });
});
