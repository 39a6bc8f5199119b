import { z } from 'zod';
import { INSTANCE_MESSAGES } from './instances/instances';
import { safeInt, safeText, safeUuid } from './safe';

/**
 * Alert rules (issue 14), each made under one project of an instance and listed there: a
 * threshold on the instance's measured CPU, memory or disk (the
 * monitoring round's minute samples, in percent) or on its health, held for a number of
 * minutes ('CPU above 80 % for 5 minutes'). The console evaluates every rule once per
 * monitoring slot; a rule fires when its condition held for its duration and resolves at the
 * first slot it no longer holds. Firing and resolving notify the instance's members in the
 * console, by mail when the rule says so, and through webhooks (the `alert.fired` and
 * `alert.resolved` domain events).
 */

export const ALERT_METRICS = ['cpu', 'memory', 'disk', 'health'] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];
export const ALERT_STATES = ['ok', 'firing'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export const ALERT_METRIC_LABELS: Record<AlertMetric, string> = { cpu: 'CPU', memory: 'Memory', disk: 'Disk', health: 'Health' };

/** Rules per instance: a list a person reads, and a bound on the round's work. */
export const MAX_ALERT_RULES_PER_INSTANCE = 20;
export const ALERT_DURATION_MINUTES = { min: 1, max: 1440 } as const;
export const ALERT_NAME_MAX = 100;

export const ALERT_MESSAGES = {
  notFound: 'Alert rule not found.',
  nameRequired: 'Name is required.',
  thresholdRequired: 'A threshold from 1 to 100 % is required for CPU, memory and disk.',
  thresholdNotForHealth: 'A health rule has no threshold.',
  tooMany: `An instance has at most ${MAX_ALERT_RULES_PER_INSTANCE} alert rules.`,
  created: 'Alert rule created',
  saved: 'Alert rule saved',
  deleted: 'Alert rule deleted',
  deleteConfirm: 'Delete this alert rule? Its history is deleted with it.',
  empty: 'No alert rules yet.',
} as const;

/** The rule in words: 'CPU above 80 % for 5 minutes', 'Health unhealthy for 2 minutes'. */
export function alertConditionText(rule: { metric: AlertMetric; threshold: number | null; durationMinutes: number }): string {
  const minutes = `${rule.durationMinutes} minute${rule.durationMinutes === 1 ? '' : 's'}`;
  if (rule.metric === 'health') return `Health unhealthy for ${minutes}`;
  return `${ALERT_METRIC_LABELS[rule.metric]} above ${rule.threshold} % for ${minutes}`;
}

export const alertRuleInputSchema = z
  .strictObject({
    name: safeText(ALERT_NAME_MAX).trim().min(1, ALERT_MESSAGES.nameRequired),
    metric: z.enum(ALERT_METRICS),
    /** Percent, 1–100; null for health. */
    threshold: safeInt({ min: 1, max: 100 }).nullable(),
    durationMinutes: safeInt(ALERT_DURATION_MINUTES),
    /** Also mail the instance's members when it fires and resolves (the console always shows it). */
    mail: z.boolean(),
    enabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.metric === 'health' && v.threshold !== null) ctx.addIssue({ code: 'custom', path: ['threshold'], message: ALERT_MESSAGES.thresholdNotForHealth });
    if (v.metric !== 'health' && v.threshold === null) ctx.addIssue({ code: 'custom', path: ['threshold'], message: ALERT_MESSAGES.thresholdRequired });
  });
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;

export const alertRuleSchema = z.object({
  alertId: z.string(),
  instanceId: z.string(),
  /** The project it was made under: its screens are `/{siteId}/alert…`. */
  siteId: z.string(),
  name: z.string(),
  metric: z.enum(ALERT_METRICS),
  threshold: z.number().int().nullable(),
  durationMinutes: z.number().int(),
  mail: z.boolean(),
  enabled: z.boolean(),
  state: z.enum(ALERT_STATES),
  /** Epoch ms the condition started holding (null: it does not hold now). */
  breachingSince: z.number().int().nullable(),
  /** The last value the round read (percent; health: 1 healthy, 0 not), or null. */
  lastValue: z.number().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRulesSchema = z.object({ alerts: z.array(alertRuleSchema) });
export type AlertRules = z.infer<typeof alertRulesSchema>;

export const alertHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['fired', 'resolved']),
  value: z.number().nullable(),
  threshold: z.number().int().nullable(),
  at: z.number().int(),
});
export type AlertHistoryEntry = z.infer<typeof alertHistoryEntrySchema>;

/** One rule with its history (fired/resolved), the newest first, the last 100. */
export const alertDetailsSchema = z.object({ alert: alertRuleSchema, history: z.array(alertHistoryEntrySchema) });
export type AlertDetails = z.infer<typeof alertDetailsSchema>;

export const alertParamsSchema = z.object({ id: safeUuid(INSTANCE_MESSAGES.notFound), alertId: safeUuid(ALERT_MESSAGES.notFound) });
