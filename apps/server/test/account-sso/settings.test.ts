import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_SSO_LABELS, ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import { ssoConnections } from '../../src/db/schema';
import { createTestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addMember, auditRowsOf, tokenFor } from '../support/team';
import { claimAndVerify, domainCodeMailedTo, rolesByName } from './support';

const t = await createTestApp();
afterAll(() => t.close());

const owner = await signup(t);
const tenantId = owner.user.tenantId;
const headers = bearer(owner.jwt);
const roleIds = await rolesByName(t, tenantId);
const oidcBody = {
  protocol: 'oidc',
  issuer: 'https://idp.example.com',
  clientId: 'console',
  clientSecret: 'the-client-secret',
  defaultRoleId: roleIds.Viewer,
  groupRoles: [{ group: 'devs', roleId: roleIds.Developer }],
};
const save = (payload: Record<string, unknown>, h = headers) => t.app.inject({ method: 'PUT', url: '/api/client/sso', headers: h, payload });

describe('the SSO connection', () => {
  it('is saved as a draft by the owner, its secret sealed and never answered', async () => {
    const res = await save(oidcBody);
    expect(res.statusCode, res.body).toBe(200);
    const { connection, serviceProvider } = res.json().data;
    expect(connection).toMatchObject({ protocol: 'oidc', state: 'draft', oidc: { issuer: 'https://idp.example.com', clientId: 'console', clientSecretSet: true }, groupRoles: oidcBody.groupRoles });
    expect(res.body).not.toContain('the-client-secret');
    expect(serviceProvider.oidcRedirectUri).toMatch(/\/sso\/oidc\/callback$/);
    const [row] = await t.runtime.ctx.db.select().from(ssoConnections).where(eq(ssoConnections.tenantId, tenantId));
    expect(row!.oidcClientSecretSealed).not.toContain('the-client-secret');
    // Saved again without a secret: the sealed one stays.
    const again = await save({ ...oidcBody, clientSecret: undefined });
    expect(again.json().data.connection.oidc.clientSecretSet).toBe(true);
  });

  it('answers only the owner: a member holding EDIT_MEMBERS is refused', async () => {
    const editor = await addMember(t, tenantId, { permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS'], admin: true });
    for (const res of [await t.app.inject({ method: 'GET', url: '/api/client/sso', headers: editor.headers }), await save(oidcBody, editor.headers)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.ownerOnly]);
    }
  });

  it('refuses the Owner role, another account’s role, an https-less SAML certificate and a new connection without a secret', async () => {
    const other = await signup(t);
    const otherRoles = await rolesByName(t, other.user.tenantId);
    expect((await save({ ...oidcBody, defaultRoleId: roleIds.Owner })).json().errors).toEqual([ACCOUNT_SSO_MESSAGES.ownerRole]);
    expect((await save({ ...oidcBody, defaultRoleId: otherRoles.Viewer })).json().errors).toEqual([ACCOUNT_SSO_MESSAGES.roleNotFound]);
    expect((await save({ protocol: 'saml', entryPoint: 'https://idp.example.com/sso', idpEntityId: 'idp', idpCert: 'not a pem', defaultRoleId: roleIds.Viewer, groupRoles: [] })).statusCode).toBe(400);
    const fresh = await save({ ...oidcBody, clientSecret: undefined, defaultRoleId: otherRoles.Viewer, groupRoles: [] }, bearer(other.jwt));
    expect(fresh.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.secretRequired]);
  });

  it('keeps a SAML connection’s single logout URL (null when left out), under the sign-in URL’s rules', async () => {
    const other = await signup(t);
    const otherRoles = await rolesByName(t, other.user.tenantId);
    const pem = (await import('selfsigned')).generate([{ name: 'commonName', value: 'idp' }], { keySize: 2048, algorithm: 'sha256' });
    const samlBody = {
      protocol: 'saml',
      entryPoint: 'https://idp.example.com/sso',
      idpEntityId: 'https://idp.example.com',
      idpCert: (await pem).cert,
      defaultRoleId: otherRoles.Viewer,
      groupRoles: [],
    };
    const h = bearer(other.jwt);
    expect((await save(samlBody, h)).json().data.connection.saml).toMatchObject({ entryPoint: samlBody.entryPoint, logoutUrl: null });
    const withLogout = await save({ ...samlBody, logoutUrl: 'https://idp.example.com/slo' }, h);
    expect(withLogout.json().data.connection.saml.logoutUrl).toBe('https://idp.example.com/slo');
    // The logout URL is not in what a test proves: saving it keeps the state.
    expect(withLogout.json().data.connection.state).toBe('draft');
    const bad = await save({ ...samlBody, logoutUrl: 'ftp://idp.example.com/slo' }, h);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.notUrl(ACCOUNT_SSO_LABELS.logoutUrl)]);
  });

  it('refuses to call an IdP at an internal address (the SSRF guard), unless such IdPs are allowed', async () => {
    await save({ ...oidcBody, issuer: 'https://127.0.0.1:9' });
    const res = await t.app.inject({ method: 'POST', url: '/api/client/sso/test', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.idpRefused]);
    await save(oidcBody);
  });

  it('cannot be enforced before a passed test', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/client/sso/enforcement', headers, payload: { enforced: true } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.enforceNeedsTest]);
  });
});

describe('claimed domains', () => {
  it('are pending until the code mailed to the address is entered', async () => {
    const claim = await t.app.inject({ method: 'POST', url: '/api/client/sso/domains', headers, payload: { email: 'IT@Engines.Example' } });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().data).toMatchObject({ domain: 'engines.example', email: 'it@engines.example', status: 'pending' });
    const id = claim.json().data.id as string;
    const wrong = await t.app.inject({ method: 'POST', url: `/api/client/sso/domains/${id}/verify`, headers, payload: { code: '00000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.codeInvalid]);
    const code = await domainCodeMailedTo(t, 'it@engines.example');
    const right = await t.app.inject({ method: 'POST', url: `/api/client/sso/domains/${id}/verify`, headers, payload: { code } });
    expect(right.json().data).toMatchObject({ status: 'verified', codeExpiresAt: null });
  });

  it('a code that expired does not verify', async () => {
    const claim = await t.app.inject({ method: 'POST', url: '/api/client/sso/domains', headers, payload: { email: 'it@late.example' } });
    const code = await domainCodeMailedTo(t, 'it@late.example');
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const late = bearer(await tokenFor(t, owner.user));
    const res = await t.app.inject({ method: 'POST', url: `/api/client/sso/domains/${claim.json().data.id}/verify`, headers: late, payload: { code } });
    expect(res.statusCode).toBe(400);
  });

  it('a domain verified by one account cannot be claimed by another; a mail provider’s never', async () => {
    const other = await signup(t);
    const taken = await t.app.inject({ method: 'POST', url: '/api/client/sso/domains', headers: bearer(other.jwt), payload: { email: 'x@engines.example' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.domainTaken]);
    const gmail = await t.app.inject({ method: 'POST', url: '/api/client/sso/domains', headers: bearer(other.jwt), payload: { email: 'x@gmail.com' } });
    expect(gmail.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.publicDomain]);
    // Another account's domain id is a 404.
    const mine = await claimAndVerify(t, other.jwt, 'it@other.example');
    const cross = await t.app.inject({ method: 'DELETE', url: `/api/client/sso/domains/${mine}`, headers: bearer(await tokenFor(t, owner.user)) });
    expect(cross.statusCode).toBe(404);
  });

  it('every change is in the audit trail', async () => {
    const actions = (await auditRowsOf(t, tenantId)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['Save single sign-on connection', 'Claim single sign-on domain', 'Verify single sign-on domain', 'Change single sign-on enforcement']));
  });
});
