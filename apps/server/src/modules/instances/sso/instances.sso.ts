import { X509Certificate } from 'node:crypto';
import { SSO_ACS_PATH, SSO_LOGIN_PATH, SSO_METADATA_PATH, SSO_SLO_PATH } from '@replay/agent-protocol/plain';
import { ssoFingerprint, type SsoStatus } from '@replay/agent-protocol';
import { INSTANCE_MESSAGES, SSO_MESSAGES, type SsoBody, type SsoConfig } from '@replay/contracts';
import type { Database } from '../../../db/client';
import type { SsoIdp } from '../../../db/schema';
import type { InfrastructureDriver } from '../../../infra/driver';
import { badRequest, conflict } from '../../../lib/errors';
import type { Principal } from '../../../lib/principal';
import { msOrNull, type Clock } from '../../../lib/time';
import { claimWithRecord } from '../core/instances.accept-change.door';
import { configRepo } from '../config/instances.config-repo';
import type { Enqueue } from '../workflow/instances.jobs';
import type { InstanceRow } from '../core/instances.repo';
import type { InstancesService } from '../core/instances.service';

export interface SsoDeps {
  database: Database;
  driver: Pick<InfrastructureDriver, 'ssoStatus'>;
  clock: Clock;
  enqueue: Enqueue;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
}

/** The certificate as X.509 (node's parser), or a 400 that says why; an expired one is refused when saved. */
function readCertificate(pem: string, now: Date | null) {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw badRequest(SSO_MESSAGES.certUnreadable);
  }
  const notAfter = Date.parse(cert.validTo);
  if (now && notAfter < now.getTime()) throw badRequest(SSO_MESSAGES.certExpired(new Date(notAfter).toISOString().slice(0, 10)));
  return { subject: cert.subject.split('\n').join(', '), issuer: cert.issuer.split('\n').join(', '), notAfter, sha256: cert.fingerprint256 };
}

const fingerprintOf = (idp: SsoIdp) => ssoFingerprint({ idpEntityId: idp.entityId, idpSsoUrl: idp.ssoUrl, idpX509cert: idp.certPem });

/** What the running instance says of its last Test sign-in; nothing while it is not running or does not answer. */
async function statusOf(deps: SsoDeps, row: InstanceRow): Promise<SsoStatus | null> {
  if (row.status !== 'running') return null;
  return deps.driver.ssoStatus(row.instanceId).catch(() => null);
}

function ssoToWire(row: InstanceRow, status: SsoStatus | null): SsoConfig {
  const idp = row.ssoIdp;
  const base = row.instanceUrl ? row.instanceUrl.replace(/\/$/, '') : null;
  return {
    idp: idp && { ...idp, certificate: readCertificate(idp.certPem, null) },
    enforce: row.ssoEnforce,
    pending: row.ssoVersion !== row.ssoAppliedVersion,
    updatedAt: msOrNull(row.ssoUpdatedAt),
    serviceProvider:
      base === null
        ? null
        : {
            entityId: `${base}${SSO_METADATA_PATH}`,
            acsUrl: `${base}${SSO_ACS_PATH}`,
            sloUrl: `${base}${SSO_SLO_PATH}`,
            metadataUrl: `${base}${SSO_METADATA_PATH}`,
            testUrl: `${base}${SSO_LOGIN_PATH}?test=1`,
          },
    test: {
      passedForSaved: Boolean(idp && status?.testedFingerprint === fingerprintOf(idp)),
      testedAt: status?.testedAt ?? null,
      nameId: status?.testedNameId ?? null,
    },
  };
}

/** The SSO tab: read, save (enforcing only after a Test sign-in passed with the same settings), remove. */
export function createSsoService(deps: SsoDeps) {
  async function saveWithRecord(p: Principal, row: InstanceRow, idp: SsoIdp | null, enforce: boolean, comments: string): Promise<InstanceRow> {
    const at = deps.clock.now();
    const saved = await claimWithRecord(deps.database.db, p, at, (tx) => configRepo(tx).saveSso(p, row, idp, enforce, at), {
      action: 'configUpdate',
      status: 'pending',
      comments,
      event: { type: 'instance.sso_changing', enabled: idp !== null, enforced: enforce },
    });
    if (!saved) throw conflict(INSTANCE_MESSAGES.busy);
    await deps.enqueue(row.instanceId);
    return saved;
  }

  return {
    async read(p: Principal, instanceId: string): Promise<SsoConfig> {
      const row = await deps.instances.load(p, instanceId);
      return ssoToWire(row, await statusOf(deps, row));
    },

    /**
     * Saves the identity provider (the spec's payload) with the member's pending `configUpdate`
     * ('SSO Update') record; the workflow's config step applies it to the agent. Enforcing asks
     * the running instance first whether a Test sign-in passed with exactly these settings.
     */
    async save(p: Principal, instanceId: string, body: SsoBody): Promise<SsoConfig> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      const at = deps.clock.now();
      const certPem = body.idp_x509cert.trim();
      readCertificate(certPem, at);
      const idp: SsoIdp = { entityId: body.idp_entityId, name: body.idp_name, ssoUrl: body.idp_sso_url, sloUrl: body.idp_slo_url || null, certPem };
      let status = await statusOf(deps, row);
      if (body.enforce_SSO) {
        if (row.status !== 'running') throw conflict(SSO_MESSAGES.notRunning);
        status = await deps.driver.ssoStatus(instanceId);
        if (status.testedFingerprint !== fingerprintOf(idp)) throw conflict(SSO_MESSAGES.enforceNeedsTest);
      }
      const comments = body.enforce_SSO ? `Sign-in through ${idp.name}, enforced` : `Sign-in through ${idp.name}`;
      return ssoToWire(await saveWithRecord(p, row, idp, body.enforce_SSO, comments), status);
    },

    /** Turns SSO off (password sign-in on the instance again); nothing to do when it is off. */
    async remove(p: Principal, instanceId: string): Promise<SsoConfig> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      if (!row.ssoIdp) return ssoToWire(row, await statusOf(deps, row));
      return ssoToWire(await saveWithRecord(p, row, null, false, 'SSO removed: password sign-in only'), null);
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
