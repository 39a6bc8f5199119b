import { alertConditionText, routes, type AlertState } from '@replay/contracts';
import type { Db } from '../../db/client';
import { emitEvent } from '../../events/emit';
import { newId } from '../../lib/ids';
import type { Mailer } from '../../mail/mailer';
import { recipientsOf } from '../notifications/notifications.recipients.facts';
import { alertsRepo, type AlertRuleRow } from './alerts.repo';

/** The monitoring step: samples are one a minute, so a condition 'for N minutes' is N breaching slots in a row. */
const SLOT_MS = 60_000;

export interface AlertRoundDeps {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
  productName: string;
}

export interface Evaluation {
  state: AlertState;
  breachingSince: Date | null;
  lastValue: number | null;
  transition: 'fired' | 'resolved' | null;
}

/**
 * One rule at one slot. `value` is the slot's reading (percent; health: 1 healthy, 0 not),
 * null when there is none: a running instance whose agent did not answer changes nothing
 * (a gap neither fires nor resolves), and an instance that is not running breaches nothing,
 * so a firing rule resolves when its instance stops.
 */
export function evaluate(
  rule: Pick<AlertRuleRow, 'metric' | 'threshold' | 'durationMinutes' | 'state' | 'breachingSince' | 'lastValue'>,
  running: boolean,
  value: number | null,
  slot: Date,
): Evaluation | null {
  if (running && value === null) return null;
  const breach = running && value !== null && (rule.metric === 'health' ? value === 0 : value > (rule.threshold ?? 100));
  if (!breach) return { state: 'ok', breachingSince: null, lastValue: value, transition: rule.state === 'firing' ? 'resolved' : null };
  const since = rule.breachingSince ?? slot;
  const held = slot.getTime() - since.getTime() >= (rule.durationMinutes - 1) * SLOT_MS;
  const fires = rule.state === 'ok' && held;
  return { state: fires ? 'firing' : rule.state, breachingSince: since, lastValue: value, transition: fires ? 'fired' : null };
}

function readingOf(metric: AlertRuleRow['metric'], healthy: boolean, sample: { cpu: number; memory: number; disk: number } | null): number | null {
  if (metric === 'health') return healthy ? 1 : 0;
  return sample ? sample[metric] / 100 : null;
}

/**
 * Evaluates every enabled rule for the monitoring slot just sampled (the metrics job runs it
 * after its samples are stored, in the slot that job claimed once across console processes).
 * Each rule's write is a compare-and-set on the slot it evaluated last, in one transaction
 * with its history line, its domain event and its mails: a slot evaluated again fires nothing twice.
 */
export async function runAlertRound(d: AlertRoundDeps, slot: Date): Promise<{ evaluated: number; fired: number; resolved: number }> {
  const due = await alertsRepo(d.db).dueAt(slot);
  const report = { evaluated: 0, fired: 0, resolved: 0 };
  for (const { rule, instance, sample } of due) {
    const next = evaluate(rule, instance.status === 'running', readingOf(rule.metric, instance.healthy, sample), slot);
    if (!next) continue;
    await d.db.transaction(async (tx) => {
      const repo = alertsRepo(tx);
      if (!(await repo.claimEvaluation(rule.id, slot, { state: next.state, breachingSince: next.breachingSince, lastValue: next.lastValue }))) return;
      report.evaluated += 1;
      if (!next.transition) return;
      report[next.transition] += 1;
      await repo.addHistory({ id: newId(), ruleId: rule.id, tenantId: rule.tenantId, kind: next.transition, value: next.lastValue, threshold: rule.threshold, at: slot });
      const alert = { id: rule.id, siteId: rule.projectId, name: rule.name, metric: rule.metric, threshold: rule.threshold, durationMinutes: rule.durationMinutes };
      const ref = { id: rule.instanceId, name: instance.name, status: instance.status, size: instance.size, diskGb: instance.diskSize };
      await emitEvent(tx, {
        type: next.transition === 'fired' ? 'alert.fired' : 'alert.resolved',
        tenantId: rule.tenantId,
        actor: null,
        at: slot.getTime(),
        instance: ref,
        alert,
        value: next.lastValue,
      });
      if (rule.mail) {
        for (const to of await recipientsOf(tx, rule.tenantId, 'instances', rule.instanceId)) await d.mailer.queue(tx, alertMail(d, to.email, rule, instance.name, next));
      }
    });
  }
  return report;
}

function alertMail(d: AlertRoundDeps, to: string, rule: AlertRuleRow, instanceName: string, next: Evaluation) {
  const link = `${d.publicUrl.replace(/\/+$/, '')}${routes.alert(rule.projectId, rule.id)}`;
  const fired = next.transition === 'fired';
  const condition = alertConditionText(rule);
  return {
    to,
    subject: `[${d.productName}] ${fired ? 'Alert' : 'Resolved'}: ${rule.name} on ${instanceName}`,
    text: [
      fired ? `The alert rule "${rule.name}" fired on ${instanceName}: ${condition}.` : `The alert rule "${rule.name}" on ${instanceName} is resolved: ${condition} no longer holds.`,
      next.lastValue === null || rule.metric === 'health' ? '' : `Last reading: ${Math.round(next.lastValue)} %.`,
      `Details: ${link}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}
