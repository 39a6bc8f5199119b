import type { Role, SsoConnection, SsoDomain, SsoSettings } from '@replay/contracts';
import { ok } from '../../test/fetch-stub';
import { makeAccount, publicConfig } from '../../test/fixtures';
import { makeRole } from '../../test/team-fixtures';

/** The SSO screen's tests' account, roles and settings (ids are UUIDs: the contracts' schemas check them). */
export const NOW = Date.UTC(2026, 11, 7, 9, 30);
export const ROLE = { owner: '00000000-0000-4000-8000-000000000001', viewer: '00000000-0000-4000-8000-000000000002', developer: '00000000-0000-4000-8000-000000000003' };
export const CONNECTION_ID = '00000000-0000-4000-8000-0000000000c1';
export const DOMAIN_ID = '00000000-0000-4000-8000-0000000000d1';

const role = (roleId: string, name: string, isProtected = false): Role => makeRole({ roleId, name, description: '', protected: isProtected, createdAt: NOW });
export const roles = [role(ROLE.owner, 'Owner', true), role(ROLE.viewer, 'Viewer'), role(ROLE.developer, 'Developer')];

export const owner = makeAccount({
  superAdmin: true,
  permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_MEMBERS', 'EDIT_MEMBERS', 'VIEW_ROLES', 'EDIT_ROLES', 'VIEW_BILLING', 'EDIT_BILLING', 'VIEW_ACTIVITY'],
});

export const serviceProvider: SsoSettings['serviceProvider'] = {
  oidcRedirectUri: 'https://console.example.com/sso/oidc/callback',
  oidcBackchannelLogoutUri: 'https://console.example.com/sso/oidc/backchannel-logout',
  samlEntityId: 'https://console.example.com/sso/saml/metadata',
  samlAcsUrl: 'https://console.example.com/sso/saml/acs',
  samlSloUrl: 'https://console.example.com/sso/saml/slo',
};

export function oidcConnection(over: Partial<SsoConnection> = {}): SsoConnection {
  return {
    id: CONNECTION_ID,
    protocol: 'oidc',
    state: 'draft',
    oidc: { issuer: 'https://idp.acme.example', clientId: 'replay-console', clientSecretSet: true },
    saml: null,
    defaultRoleId: ROLE.viewer,
    groupRoles: [{ group: 'devs', roleId: ROLE.developer }],
    lastTest: null,
    updatedAt: NOW,
    ...over,
  };
}

export const SP_CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUU1BjZXJ0\n-----END CERTIFICATE-----\n';

export function samlConnection(over: Partial<SsoConnection> = {}): SsoConnection {
  const saml = {
    entryPoint: 'https://idp.acme.example/sso',
    logoutUrl: null,
    idpEntityId: 'https://idp.acme.example',
    idpCert: SP_CERT,
    spCert: SP_CERT,
    spMetadataUrl: `${serviceProvider.samlEntityId}?connection=${CONNECTION_ID}`,
  };
  return oidcConnection({ protocol: 'saml', oidc: null, saml, ...over });
}

export function domain(over: Partial<SsoDomain> = {}): SsoDomain {
  return { id: DOMAIN_ID, domain: 'acme.example', email: 'it@acme.example', status: 'verified', codeExpiresAt: null, verifiedAt: NOW, ...over };
}

export const settings = (over: Partial<SsoSettings> = {}): SsoSettings => ({ connection: null, domains: [], serviceProvider, ...over });

/** Every SSO screen test's answers beside its own. */
export const base = { 'GET /api/public-config': ok(publicConfig), 'GET /api/client/roles': ok(roles) };
