import { ALERT_MESSAGES, INSTANCE_MESSAGES, MAX_ALERT_RULES_PER_INSTANCE, type AlertDetails, type AlertRule, type AlertRuleInput, type AlertRules } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { msOrNull } from '../../lib/time';
import type { InstancesService } from '../instances/instances.service';
import { alertsRepo, type AlertRuleRow } from './alerts.repo';

export function alertToWire(r: AlertRuleRow): AlertRule {
  return {
    alertId: r.id,
    instanceId: r.instanceId,
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

/** An instance's alert rules: the instance's scope rule first (404 for another account's or an unreachable one). */
export function createAlertsService(deps: { db: Db; clock: Clock; instances: Pick<InstancesService, 'load'> }) {
  const repo = alertsRepo(deps.db);

  async function reachable(p: Principal, instanceId: string) {
    const row = await deps.instances.load(p, instanceId);
    if (row.status === 'terminated') throw notFound(INSTANCE_MESSAGES.notFound);
    return row;
  }

  return {
    async list(p: Principal, instanceId: string): Promise<AlertRules> {
      await reachable(p, instanceId);
      return { alerts: (await repo.list(p.tenantId, instanceId)).map(alertToWire) };
    },

    async details(p: Principal, instanceId: string, alertId: string): Promise<AlertDetails> {
      await reachable(p, instanceId);
      const rule = await repo.one(p.tenantId, instanceId, alertId);
      if (!rule) throw notFound(ALERT_MESSAGES.notFound);
      const history = await repo.history(rule.id);
      return { alert: alertToWire(rule), history: history.map((h) => ({ id: h.id, kind: h.kind, value: h.value, threshold: h.threshold, at: h.at.getTime() })) };
    },

    async create(p: Principal, instanceId: string, input: AlertRuleInput): Promise<AlertRule> {
      await reachable(p, instanceId);
      if ((await repo.countOf(p.tenantId, instanceId)) >= MAX_ALERT_RULES_PER_INSTANCE) throw conflict(ALERT_MESSAGES.tooMany);
      const at = deps.clock.now();
      const row = await repo.add({ id: newId(), tenantId: p.tenantId, instanceId, ...input, ...freshState, createdBy: p.userId, createdAt: at, updatedAt: at });
      return alertToWire(row);
    },

    async update(p: Principal, instanceId: string, alertId: string, input: AlertRuleInput): Promise<AlertRule> {
      await reachable(p, instanceId);
      const row = await repo.update(p.tenantId, instanceId, alertId, { ...input, ...freshState, updatedAt: deps.clock.now() });
      if (!row) throw notFound(ALERT_MESSAGES.notFound);
      return alertToWire(row);
    },

    async remove(p: Principal, instanceId: string, alertId: string): Promise<{ deleted: boolean }> {
      await reachable(p, instanceId);
      if (!(await repo.remove(p.tenantId, instanceId, alertId))) throw notFound(ALERT_MESSAGES.notFound);
      return { deleted: true };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
