import { describe, expect, it } from 'vitest';
import { ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import { EXIT } from '../src/index';
import { harness, ok, on, refusal } from './harness';

const TOKEN = { REPLAY_API_KEY: 'eyJ.owner.token', REPLAY_URL: 'http://console.test' };
const DOMAIN_ID = '0b9f9ad4-8a57-4b5e-9a51-1d7c1e1a3f00';
const domain = { id: DOMAIN_ID, domain: 'acme.example', email: 'it@acme.example', status: 'pending', codeExpiresAt: 1, verifiedAt: null };
const settings = (state: string) => ({
  connection: {
    id: '1b9f9ad4-8a57-4b5e-9a51-1d7c1e1a3f00',
    protocol: 'oidc',
    state,
    oidc: { issuer: 'https://idp.acme.example', clientId: 'console', clientSecretSet: true },
    saml: null,
    defaultRoleId: DOMAIN_ID,
    groupRoles: [],
    lastTest: { at: 0, passed: true, detail: 'Signed in as boss@acme.example.' },
    updatedAt: 0,
  },
  domains: [{ ...domain, status: 'verified', codeExpiresAt: null, verifiedAt: 0 }],
  serviceProvider: { oidcRedirectUri: 'http://console.test/sso/oidc/callback', oidcBackchannelLogoutUri: 'x', samlEntityId: 'x', samlAcsUrl: 'x', samlSloUrl: 'x' },
});

describe('replay sso', () => {
  it('shows the connection, its last test, what to give the IdP and the domains', async () => {
    const h = harness({ env: TOKEN, routes: [on('GET', '/api/client/sso', ok(settings('tested')))] });
    expect(await h.run('sso', 'show')).toBe(EXIT.ok);
    expect(h.stdout()).toContain('OIDC https://idp.acme.example (client console): tested');
    expect(h.stdout()).toContain('Signed in as boss@acme.example.');
    expect(h.stdout()).toContain('redirect URI http://console.test/sso/oidc/callback');
    expect(h.stdout()).toMatch(/acme\.example\s+│ verified/);
    expect(h.stdout()).not.toContain('ACS URL');
  });

  it('shows a SAML connection what the IdP needs: entity ID, ACS and logout URLs, the metadata with the signing certificate', async () => {
    const saml = {
      entryPoint: 'https://idp.acme.example/sso',
      logoutUrl: null,
      idpEntityId: 'idp',
      idpCert: 'MII',
      spCert: 'MIIsp',
      spMetadataUrl: 'http://console.test/sso/saml/metadata?connection=1',
    };
    const base = settings('tested');
    const body = {
      ...base,
      connection: { ...base.connection, protocol: 'saml', oidc: null, saml },
      serviceProvider: {
        ...base.serviceProvider,
        samlEntityId: 'http://console.test/sso/saml/metadata',
        samlAcsUrl: 'http://console.test/sso/saml/acs',
        samlSloUrl: 'http://console.test/sso/saml/slo',
      },
    };
    const h = harness({ env: TOKEN, routes: [on('GET', '/api/client/sso', ok(body))] });
    expect(await h.run('sso', 'show')).toBe(EXIT.ok);
    expect(h.stdout()).toContain('SAML https://idp.acme.example/sso: tested');
    expect(h.stdout()).toContain('entity ID http://console.test/sso/saml/metadata, ACS URL http://console.test/sso/saml/acs, single logout URL http://console.test/sso/saml/slo');
    expect(h.stdout()).toContain('signing certificate: http://console.test/sso/saml/metadata?connection=1');
    expect(h.stdout()).not.toContain('redirect URI');
  });

  it('claims a domain, then verifies it with the mailed code', async () => {
    const h = harness({
      env: TOKEN,
      routes: [on('POST', '/api/client/sso/domains', ok(domain)), on('POST', `/api/client/sso/domains/${DOMAIN_ID}/verify`, ok({ ...domain, status: 'verified' }))],
    });
    expect(await h.run('sso', 'domains', 'claim', 'it@acme.example')).toBe(EXIT.ok);
    expect(h.calls[0]?.body).toEqual({ email: 'it@acme.example' });
    expect(h.stdout()).toContain(`replay sso domains verify ${DOMAIN_ID} <code>`);
    expect(await h.run('sso', 'domains', 'verify', DOMAIN_ID, '12345678')).toBe(EXIT.ok);
    expect(h.calls[1]?.body).toEqual({ code: '12345678' });
    expect(h.stdout()).toContain('acme.example: verified');
  });

  it('enforces, or says why the console refused', async () => {
    const h = harness({ env: TOKEN, routes: [on('PUT', '/api/client/sso/enforcement', ok(settings('enforced')))] });
    expect(await h.run('sso', 'enforce')).toBe(EXIT.ok);
    expect(h.calls[0]?.body).toEqual({ enforced: true });
    const refused = harness({ env: TOKEN, routes: [on('PUT', '/api/client/sso/enforcement', refusal(409, ACCOUNT_SSO_MESSAGES.enforceNeedsTest))] });
    expect(await refused.run('sso', 'enforce')).not.toBe(EXIT.ok);
    expect(refused.stderr()).toContain(ACCOUNT_SSO_MESSAGES.enforceNeedsTest);
  });
});
