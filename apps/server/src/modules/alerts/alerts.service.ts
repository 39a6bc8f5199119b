import { ALERT_MESSAGES, INSTANCE_MESSAGES, MAX_ALERT_RULES_PER_INSTANCE, type AlertDetails, type AlertRule, type AlertRuleInput, type AlertRules } from '@replay/contracts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { msOrNull, type Clock } from '../../lib/time';
import type { InstancesService } from '../instances/core/instances.service';
import { siteOfInstance } from '../projects/projects.facts';
import { alertsRepo, type AlertRuleRow } from './alerts.repo';

export function alertToWire(r: AlertRuleRow): AlertRule {
  return {
    alertId: r.id,
    instanceId: r.instanceId,
    siteId: r.projectId,
    name: r.name,
    metric: r.metric,
    threshold: r.threshold,
    durationMinutes: r.durationMinutes,
    mail: r.mail,
    enabled: r.enabled,
    state: r.state,
    breachingSince: msOrNull(r.breachingSince),
    lastValue: r.lastValue,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  };
}

/** A saved rule starts over: its new condition has not been seen to hold yet. */
const freshState = { state: 'ok' as const, breachingSince: null, evaluatedAt: null };

/**
 * The alert rules of a project of an instance: the instance's scope rule first (404 for another
 * account's or an unreachable one), then the project's (another project's rule is not found).
 */
export function createAlertsService(deps: { db: Db; clock: Clock; instances: Pick<InstancesService, 'load'> }) {
  const repo = alertsRepo(deps.db);

  /** The project of the instance the call is about (`siteId` absent: the instance's default project). */
  async function reachable(p: Principal, instanceId: string, siteId: string | undefined): Promise<string> {
    const row = await deps.instances.load(p, instanceId);
    if (row.status === 'terminated') throw notFound(INSTANCE_MESSAGES.notFound);
    return (await siteOfInstance(deps.db, p, instanceId, siteId)).id;
  }

  return {
    async list(p: Principal, instanceId: string, siteId: string | undefined): Promise<AlertRules> {
      const projectId = await reachable(p, instanceId, siteId);
      return { alerts: (await repo.list(p.tenantId, instanceId, projectId)).map(alertToWire) };
    },

    async details(p: Principal, instanceId: string, siteId: string | undefined, alertId: string): Promise<AlertDetails> {
      const projectId = await reachable(p, instanceId, siteId);
      const rule = await repo.one(p.tenantId, instanceId, projectId, alertId);
      if (!rule) throw notFound(ALERT_MESSAGES.notFound);
      const history = await repo.history(rule.id);
      return { alert: alertToWire(rule), history: history.map((h) => ({ id: h.id, kind: h.kind, value: h.value, threshold: h.threshold, at: h.at.getTime() })) };
    },

    async create(p: Principal, instanceId: string, siteId: string | undefined, input: AlertRuleInput): Promise<AlertRule> {
      const projectId = await reachable(p, instanceId, siteId);
      if ((await repo.countOf(p.tenantId, instanceId)) >= MAX_ALERT_RULES_PER_INSTANCE) throw conflict(ALERT_MESSAGES.tooMany);
      const at = deps.clock.now();
      const row = await repo.add({ id: newId(), tenantId: p.tenantId, instanceId, projectId, ...input, ...freshState, createdBy: p.userId, createdAt: at, updatedAt: at });
      return alertToWire(row);
    },

    async update(p: Principal, instanceId: string, siteId: string | undefined, alertId: string, input: AlertRuleInput): Promise<AlertRule> {
      const projectId = await reachable(p, instanceId, siteId);
      const row = await repo.update(p.tenantId, instanceId, projectId, alertId, { ...input, ...freshState, updatedAt: deps.clock.now() });
      if (!row) throw notFound(ALERT_MESSAGES.notFound);
      return alertToWire(row);
    },

    async remove(p: Principal, instanceId: string, siteId: string | undefined, alertId: string): Promise<{ deleted: boolean }> {
      const projectId = await reachable(p, instanceId, siteId);
      if (!(await repo.remove(p.tenantId, instanceId, projectId, alertId))) throw notFound(ALERT_MESSAGES.notFound);
      return { deleted: true };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
