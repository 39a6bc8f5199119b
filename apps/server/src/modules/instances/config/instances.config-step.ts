import type { SsoConfig as AgentSso } from '@replay/agent-protocol';
import { LOGGER_INPUT_MODE_LABELS, retentionLabel } from '@replay/contracts';
import type { Db } from '../../../db/client';
import type { InfrastructureDriver } from '../../../infra/driver';
import { errorForLog } from '../../../lib/log-safety';
import { projectKeyDigestsOf } from '../../projects/projects.facts';
import { configRepo } from './instances.config-repo';
import { recordInstanceEvent, type InstanceEvent } from '../core/instances.events';
import type { InstanceRow } from '../core/instances.repo';
import type { AccountCapture, WorkflowInstance } from '../core/instances.system-repo';
import type { Clock } from '../../../lib/time';

/**
 * The workflow's config step: settings saved that the agent does not have yet (a
 * setting's version ahead of its applied one: the CORS origins, the network access list, the data retention, SSO) are
 * applied to the running instance, the whole configuration at once, then the applied
 * versions and a success record per setting land in one compare-and-set. Applying the
 * whole configuration is idempotent, so a console killed between the two applies it again
 * and records once; a save made meanwhile leaves its version ahead, and the next round
 * applies it too. A stopped instance keeps it (the agent keeps its config in its data
 * folder) until it runs. The account's session settings ride along: their capture rate and
 * condition sets, and their display part (time zone, duration filter, mouse trail, skip-to-issue:
 * how the instance's session screens show sessions) (the account's, not the instance's: `capture.version` is the account's save
 * count, `captureAppliedVersion` the instance's) reach every instance, a new one at its first run;
 * the account's logger options likewise (`logger.version`, `loggerAppliedVersion`). So do the
 * instance's projects' keys (`projectKeysVersion`, counted up by a project's create or delete).
 */

export interface ConfigStepDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'applyConfig'>;
  clock: Clock;
}

type Ahead = Pick<
  InstanceRow,
  | 'corsVersion'
  | 'corsAppliedVersion'
  | 'accessListVersion'
  | 'accessListAppliedVersion'
  | 'retentionVersion'
  | 'retentionAppliedVersion'
  | 'ssoVersion'
  | 'ssoAppliedVersion'
  | 'projectKeysVersion'
  | 'projectKeysAppliedVersion'
>;
const corsAhead = (row: Ahead) => row.corsVersion !== row.corsAppliedVersion;
const accessListAhead = (row: Ahead) => row.accessListVersion !== row.accessListAppliedVersion;
const retentionAhead = (row: Ahead) => row.retentionVersion !== row.retentionAppliedVersion;
const ssoAhead = (row: Ahead) => row.ssoVersion !== row.ssoAppliedVersion;
const projectKeysAhead = (row: Ahead) => row.projectKeysVersion !== row.projectKeysAppliedVersion;
type WithCapture = WorkflowInstance;
const captureAhead = (row: Pick<WithCapture, 'capture' | 'captureAppliedVersion'>) => row.capture.version !== row.captureAppliedVersion;
const loggerAhead = (row: Pick<WithCapture, 'logger' | 'loggerAppliedVersion'>) => row.logger.version !== row.loggerAppliedVersion;

export const needsConfig = (row: Ahead & Pick<WithCapture, 'status' | 'capture' | 'captureAppliedVersion' | 'logger' | 'loggerAppliedVersion'>): boolean =>
  (corsAhead(row) || accessListAhead(row) || retentionAhead(row) || ssoAhead(row) || projectKeysAhead(row) || captureAhead(row) || loggerAhead(row)) && row.status === 'running';

/** The capture settings as the agent takes them. */
export const agentCaptureOf = (capture: AccountCapture) => ({ rate: capture.rate, conditions: capture.conditions });

/** The SSO settings as the agent takes them (agent-protocol's names), or null for none. */
export function agentSsoOf(row: Pick<InstanceRow, 'ssoIdp' | 'ssoEnforce'>): AgentSso | null {
  const idp = row.ssoIdp;
  if (!idp) return null;
  return { idpEntityId: idp.entityId, idpName: idp.name, idpSsoUrl: idp.ssoUrl, idpSlsUrl: idp.sloUrl, idpX509cert: idp.certPem, enforceSSO: row.ssoEnforce };
}

type Outcome = Omit<InstanceEvent, 'instance' | 'actor' | 'at'>;

/** What the instance's activity says of the logger options it took. */
function loggerRecord(options: WithCapture['logger']['options']): Outcome {
  const { ipWhitelist, allowedDomains, defaultInputMode } = options;
  const from = [ipWhitelist.length ? `${ipWhitelist.length} address range(s)` : 'any address', allowedDomains.length ? allowedDomains.join(', ') : 'any domain'];
  const obscured = [options.obscureEmailData && 'e-mail addresses', options.obscureNumericData && 'digits'].filter(Boolean).join(' and ');
  const comments = `The instance now accepts recordings from ${from.join(' on ')}, keeps typed values ${LOGGER_INPUT_MODE_LABELS[defaultInputMode].toLowerCase()}${obscured ? `, and obscures ${obscured}` : ''}`;
  const event = { type: 'instance.logger_applied' as const, ipRanges: ipWhitelist.length, domains: allowedDomains.length, defaultInputMode };
  return { action: 'loggerUpdate', status: 'success', comments, event };
}

/** What the activity says of the network access list the instance took. */
function accessListRecord(entries: number): Outcome {
  const comments = entries === 0 ? 'The instance is now open to every address' : `The instance is now reachable from ${entries} address(es) or range(s) only`;
  return { action: 'accessListUpdate', status: 'success', comments, event: { type: 'instance.access_list_applied', entries } };
}

/**
 * What the step records for each setting it applied. The projects' key set records nothing here: the
 * project's create or delete that changed it has its own activity line, audit record and event.
 */
function appliedRecords(row: WithCapture): Outcome[] {
  const records: Outcome[] = [];
  if (corsAhead(row)) {
    const { corsOrigins: origins } = row;
    const from = origins.length ? origins.join(', ') : 'any origin';
    records.push({ action: 'cors', status: 'success', comments: `The instance now accepts recordings from ${from}`, event: { type: 'instance.cors_applied', origins } });
  }
  if (accessListAhead(row)) records.push(accessListRecord(row.accessList.length));
  if (retentionAhead(row)) {
    const days = row.retentionDays;
    const kept = days === null ? 'The instance now keeps recordings without limit' : `The instance now keeps recordings for ${retentionLabel(days)}`;
    records.push({ action: 'retentionUpdate', status: 'success', comments: kept, event: { type: 'instance.retention_applied', days } });
  }
  if (ssoAhead(row)) {
    const idp = row.ssoIdp;
    const comments = !idp
      ? 'The instance signs users in with passwords only'
      : row.ssoEnforce
        ? `The instance signs users in through ${idp.name} only`
        : `The instance offers sign-in through ${idp.name}`;
    records.push({ action: 'configUpdate', status: 'success', comments, event: { type: 'instance.sso_applied', enabled: idp !== null, enforced: idp !== null && row.ssoEnforce } });
  }
  if (captureAhead(row)) {
    const { rate, conditions } = row.capture;
    const sets = conditions.length ? `, and every session matching ${conditions.map((c) => c.name).join(', ')}` : '';
    // One save carries both parts: the record says what the screens now show too, as a save may change only that.
    const comments = `The instance now records ${rate}% of sessions${sets}; its session screens show times in ${row.capture.display.timezone}`;
    records.push({ action: 'captureUpdate', status: 'success', comments, event: { type: 'instance.capture_applied', captureRate: rate, conditionSets: conditions.length } });
  }
  if (loggerAhead(row)) records.push(loggerRecord(row.logger.options));
  return records;
}

export async function applyConfig(d: ConfigStepDeps, row: WithCapture): Promise<void> {
  await d.driver.applyConfig(row.instanceId, {
    corsOrigins: row.corsOrigins,
    accessList: row.accessList.map((e) => e.address),
    retentionDays: row.retentionDays,
    sso: agentSsoOf(row),
    capture: agentCaptureOf(row.capture),
    logger: row.logger.options,
    display: row.capture.display,
    // Read after the row: the set is at least as new as the version the step marks applied.
    projectKeys: await projectKeyDigestsOf(d.db, row.instanceId),
  });
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const settled = await configRepo(tx).settleConfig(row);
    if (!settled) return;
    for (const record of appliedRecords(row)) await recordInstanceEvent(tx, { ...record, instance: settled, actor: null, at });
  });
}

/**
 * A config step failed. Until the job queue's last attempt it is only tried again; the
 * last one records the failure of each setting it carried and leaves them pending, so the
 * next round of the workflow (a start, another save) applies them. The instance is fine.
 */
export async function recordConfigFailure(d: ConfigStepDeps, row: WithCapture, err: unknown, final: boolean): Promise<void> {
  if (!final) return;
  const reason = errorForLog(err).message;
  const records: Outcome[] = [];
  if (corsAhead(row)) records.push({ action: 'cors', status: 'failed', comments: reason, event: { type: 'instance.cors_failed', reason } });
  if (accessListAhead(row)) records.push({ action: 'accessListUpdate', status: 'failed', comments: reason, event: { type: 'instance.access_list_failed', reason } });
  if (retentionAhead(row)) records.push({ action: 'retentionUpdate', status: 'failed', comments: reason, event: { type: 'instance.retention_failed', reason } });
  if (ssoAhead(row)) records.push({ action: 'configUpdate', status: 'failed', comments: reason, event: { type: 'instance.sso_failed', reason } });
  if (captureAhead(row)) records.push({ action: 'captureUpdate', status: 'failed', comments: reason, event: { type: 'instance.capture_failed', reason } });
  if (loggerAhead(row)) records.push({ action: 'loggerUpdate', status: 'failed', comments: reason, event: { type: 'instance.logger_failed', reason } });
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    for (const record of records) await recordInstanceEvent(tx, { ...record, instance: row, actor: null, at });
  });
}
