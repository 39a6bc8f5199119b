import { createHash } from 'node:crypto';
import type { SaveSsoConnection, SsoConnection, SsoDomain, SsoSettings } from '@replay/contracts';
import type { ConnectionRow } from './account-sso.repo';
import type { DomainRow } from './account-sso.domains-repo';

/** What the IdP is given: the console's addresses as the relying party / service provider. */
export function serviceProviderOf(publicUrl: string): SsoSettings['serviceProvider'] {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    oidcRedirectUri: `${base}/sso/oidc/callback`,
    oidcBackchannelLogoutUri: `${base}/sso/oidc/backchannel-logout`,
    samlEntityId: `${base}/sso/saml/metadata`,
    samlAcsUrl: `${base}/sso/saml/acs`,
    samlSloUrl: `${base}/sso/saml/slo`,
  };
}

/**
 * A digest of every setting a test sign-in proves (the secret by its own hash): a test passed
 * with other settings does not let these be enforced. Roles are not in it: they decide who
 * gets what once signed in, not whether the IdP signs people in; nor is the SAML logout URL (a
 * test sign-in does not use it, and a wrong one ends only the console's session).
 */
export function settingsDigest(body: SaveSsoConnection, clientSecret: string | null): string {
  const proven =
    body.protocol === 'oidc'
      ? [
          'oidc',
          body.issuer,
          body.clientId,
          createHash('sha256')
            .update(clientSecret ?? '')
            .digest('hex'),
        ]
      : ['saml', body.entryPoint, body.idpEntityId, body.idpCert.trim()];
  return createHash('sha256').update(JSON.stringify(proven)).digest('hex');
}

/** The SP metadata of one SAML connection: the console's, with that connection's signing certificate (the entity id stays the bare URL). */
export const samlMetadataUrlOf = (publicUrl: string, connectionId: string): string => `${serviceProviderOf(publicUrl).samlEntityId}?connection=${connectionId}`;

export function connectionView(row: ConnectionRow, publicUrl: string): SsoConnection {
  return {
    id: row.id,
    protocol: row.protocol,
    state: row.state,
    oidc: row.protocol === 'oidc' ? { issuer: row.oidcIssuer ?? '', clientId: row.oidcClientId ?? '', clientSecretSet: row.oidcClientSecretSealed !== null } : null,
    saml:
      row.protocol === 'saml'
        ? {
            entryPoint: row.samlEntryPoint ?? '',
            logoutUrl: row.samlLogoutUrl,
            idpEntityId: row.samlIdpEntityId ?? '',
            idpCert: row.samlIdpCert ?? '',
            spCert: row.samlSpCert,
            spMetadataUrl: samlMetadataUrlOf(publicUrl, row.id),
          }
        : null,
    defaultRoleId: row.defaultRoleId,
    groupRoles: row.groupRoles,
    lastTest: row.lastTestAt ? { at: row.lastTestAt.getTime(), passed: row.lastTestPassed === true, detail: row.lastTestDetail ?? '' } : null,
    updatedAt: row.updatedAt.getTime(),
  };
}

export function domainView(row: DomainRow): SsoDomain {
  return {
    id: row.id,
    domain: row.domain,
    email: row.email,
    status: row.verifiedAt ? 'verified' : 'pending',
    codeExpiresAt: row.verifiedAt ? null : (row.codeExpiresAt?.getTime() ?? null),
    verifiedAt: row.verifiedAt?.getTime() ?? null,
  };
}
