import { ACCOUNT_SSO_MESSAGES, type SaveSsoConnection, type SsoSettings } from '@replay/contracts';
import type { SpSigningKey } from '@replay/saml-sp';
import { newSpSigningKey } from './account-sso.signing-key';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { deriveSealKey, openSealed, seal, type SealKey } from '../../lib/seal';
import { accountSsoRepo, type ConnectionRow } from './account-sso.repo';
import { ssoDomainsRepo } from './account-sso.domains-repo';
import { connectionView, domainView, serviceProviderOf, settingsDigest } from './account-sso.view';
import type { Clock } from '../../lib/time';

export const ssoSealKey = (jwtSecret: Uint8Array): SealKey => deriveSealKey(jwtSecret, 'account-sso-secret-v1');

/** The account's owner: the person who signed it up (super admin) or a holder of the protected Owner role. Never an API key. */
export function isAccountOwner(p: Principal): boolean {
  return p.apiKey === null && (p.superAdmin || p.role?.protected === true);
}

export function assertOwner(p: Principal): void {
  if (!isAccountOwner(p)) throw forbidden(ACCOUNT_SSO_MESSAGES.ownerOnly);
}

export interface AccountSsoDeps {
  db: Db;
  clock: Clock;
  sealKey: SealKey;
  publicUrl: string;
}

/** The OIDC client secret in the clear, for the IdP calls only. */
export function clientSecretOf(key: SealKey, row: ConnectionRow): string | null {
  return row.oidcClientSecretSealed ? openSealed(key, row.oidcClientSecretSealed, row.id) : null;
}

/** What the SP signing key of connection `id` is sealed to: nothing else opens it (not even the row's client secret column). */
const spKeyAd = (id: string) => `saml-sp-key:${id}`;

/** The console's signing key for a SAML connection; null for one saved before keys were made (its messages go unsigned until it is saved again). */
export function samlSigningOf(key: SealKey, row: ConnectionRow): SpSigningKey | null {
  const privateKeyPem = row.samlSpKeySealed ? openSealed(key, row.samlSpKeySealed, spKeyAd(row.id)) : null;
  return privateKeyPem && row.samlSpCert ? { privateKeyPem, certPem: row.samlSpCert } : null;
}

/**
 * A SAML connection's signing key: the one it has (the IdP was given its certificate, so saving
 * other settings keeps it), or a new one for a connection saved as SAML for the first time.
 */
async function spKeyColumns(deps: AccountSsoDeps, id: string, existing: ConnectionRow | null): Promise<{ samlSpCert: string; samlSpKeySealed: string }> {
  if (existing?.protocol === 'saml' && existing.samlSpCert && existing.samlSpKeySealed) return { samlSpCert: existing.samlSpCert, samlSpKeySealed: existing.samlSpKeySealed };
  const made = await newSpSigningKey(`${new URL(deps.publicUrl).host} SAML SP`, deps.clock.now());
  return { samlSpCert: made.certPem, samlSpKeySealed: seal(deps.sealKey, made.privateKeyPem, spKeyAd(id)) };
}

/**
 * The connection's settings (owner only). Saving is always a draft again when what a test
 * proves changed (settingsDigest); an enforced connection whose settings change stops being
 * enforced, since nobody has shown that the new ones sign anyone in.
 */
export function createAccountSsoService(deps: AccountSsoDeps) {
  const repo = accountSsoRepo(deps.db);
  const domains = ssoDomainsRepo(deps.db);

  async function settings(tenantId: string): Promise<SsoSettings> {
    const row = await repo.connection(tenantId);
    return { connection: row && connectionView(row, deps.publicUrl), domains: (await domains.domains(tenantId)).map(domainView), serviceProvider: serviceProviderOf(deps.publicUrl) };
  }

  async function checkRoles(tenantId: string, body: SaveSsoConnection): Promise<void> {
    for (const roleId of new Set([body.defaultRoleId, ...body.groupRoles.map((r) => r.roleId)])) {
      const role = await repo.role(tenantId, roleId);
      if (!role) throw badRequest(ACCOUNT_SSO_MESSAGES.roleNotFound);
      if (role.protected) throw badRequest(ACCOUNT_SSO_MESSAGES.ownerRole);
    }
  }

  return {
    async settings(p: Principal): Promise<SsoSettings> {
      assertOwner(p);
      return settings(p.tenantId);
    },

    async save(p: Principal, body: SaveSsoConnection): Promise<SsoSettings> {
      assertOwner(p);
      await checkRoles(p.tenantId, body);
      const existing = await repo.connection(p.tenantId);
      const id = existing?.id ?? newId();
      const keptSecret = existing && existing.protocol === 'oidc' ? clientSecretOf(deps.sealKey, existing) : null;
      const secret = body.protocol === 'oidc' ? (body.clientSecret ?? keptSecret) : null;
      if (body.protocol === 'oidc' && !secret) throw badRequest(ACCOUNT_SSO_MESSAGES.secretRequired);
      const digest = settingsDigest(body, secret);
      const proven = existing?.testedDigest === digest;
      // Same proven settings keep the state (a role change does not undo a test); new ones start over.
      const state = existing && existing.settingsDigest === digest ? existing.state : proven ? 'tested' : 'draft';
      const now = deps.clock.now();
      const spKey = body.protocol === 'saml' ? await spKeyColumns(deps, id, existing) : { samlSpCert: null, samlSpKeySealed: null };
      await repo.upsert({
        id,
        tenantId: p.tenantId,
        protocol: body.protocol,
        state,
        oidcIssuer: body.protocol === 'oidc' ? body.issuer : null,
        oidcClientId: body.protocol === 'oidc' ? body.clientId : null,
        oidcClientSecretSealed: secret ? seal(deps.sealKey, secret, id) : null,
        samlEntryPoint: body.protocol === 'saml' ? body.entryPoint : null,
        samlIdpCert: body.protocol === 'saml' ? body.idpCert.trim() : null,
        samlIdpEntityId: body.protocol === 'saml' ? body.idpEntityId : null,
        samlLogoutUrl: body.protocol === 'saml' ? (body.logoutUrl ?? null) : null,
        ...spKey,
        defaultRoleId: body.defaultRoleId,
        groupRoles: body.groupRoles,
        settingsDigest: digest,
        testedDigest: existing?.testedDigest ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return settings(p.tenantId);
    },

    async remove(p: Principal): Promise<{ ok: true }> {
      assertOwner(p);
      if (!(await repo.remove(p.tenantId))) throw notFound(ACCOUNT_SSO_MESSAGES.notConfigured);
      return { ok: true };
    },

    async setEnforced(p: Principal, enforced: boolean): Promise<SsoSettings> {
      assertOwner(p);
      const row = await repo.connection(p.tenantId);
      if (!row) throw notFound(ACCOUNT_SSO_MESSAGES.notConfigured);
      if (enforced) {
        if (row.state === 'draft' || row.testedDigest !== row.settingsDigest) throw conflict(ACCOUNT_SSO_MESSAGES.enforceNeedsTest);
        if (!(await domains.domains(p.tenantId)).some((d) => d.verifiedAt)) throw conflict(ACCOUNT_SSO_MESSAGES.enforceNeedsDomain);
      }
      await repo.setState(p.tenantId, enforced ? 'enforced' : row.state === 'enforced' ? 'tested' : row.state, deps.clock.now());
      return settings(p.tenantId);
    },
  };
}

export type AccountSsoService = ReturnType<typeof createAccountSsoService>;
