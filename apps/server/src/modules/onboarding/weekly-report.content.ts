import { canOpenScreen, formatMoney, routes, type Micros } from '@replay/contracts';
import type { Db } from '../../db/client';
import { instanceScopeOf, inScope } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import type { Mail } from '../../mail/mailer';
import { escapeHtml } from '../../mail/templates';
import { weeklyReportRepo } from './weekly-report.repo';

/** What an instance recorded in the week, as its agent counts it (admin call `activity`). */
export interface Recorded {
  sessions: number;
  users: number;
  errors: number;
}

export interface WeeklyReport {
  from: number;
  to: number;
  /** Null: the member may not see instances. `recorded` null: the agent was not asked (not running) or did not answer. */
  instances: { name: string; status: string; uptimePercent: number; receivedBytes: number; recorded: Recorded | null }[] | null;
  /** Null: the member may not see billing. */
  spend: { cost: Micros; currency: string; periodStart: number; periodEnd: number } | null;
  events: { at: number; text: string }[];
}

export type SpendOf = (tenantId: string) => Promise<{ cost: Micros; currency: string; periodStart: number; periodEnd: number }>;
/** The instance's figures of [from, to), or null when they cannot be read now. */
export type RecordedOf = (instance: { id: string; status: string }, from: number, to: number) => Promise<Recorded | null>;

/** Where the report's figures beyond the console's own tables come from. */
export interface ReportSources {
  spendOf: SpendOf;
  recordedOf: RecordedOf;
}

type Payload = Record<string, unknown> & { instance?: { id: string; name: string }; member?: { name: string }; invoice?: { number: string; total: number } };

/** The notable events of a week, each with the screen whose permission shows it and its words. */
const NOTABLE: Record<string, { screen: 'instances' | 'members' | 'billing'; text: (p: Payload) => string }> = {
  'instance.created': { screen: 'instances', text: (p) => `Instance ${p.instance!.name} was created` },
  'instance.failed': { screen: 'instances', text: (p) => `Instance ${p.instance!.name}: ${String(p.verb)} failed (${String(p.reason)})` },
  'instance.unhealthy': { screen: 'instances', text: (p) => `Instance ${p.instance!.name} stopped answering its health check` },
  'instance.terminated': { screen: 'instances', text: (p) => `Instance ${p.instance!.name} was terminated` },
  'instance.version_upgraded': { screen: 'instances', text: (p) => `Instance ${p.instance!.name} was upgraded to ${String(p.toVersion)}` },
  'instance.version_rolled_back': { screen: 'instances', text: (p) => `Instance ${p.instance!.name}: the upgrade to ${String(p.failedVersion)} failed and was rolled back` },
  'instance.disk_upgraded': { screen: 'instances', text: (p) => `Instance ${p.instance!.name}: disk increased` },
  'instance.disk_upgrade_failed': { screen: 'instances', text: (p) => `Instance ${p.instance!.name}: disk increase failed` },
  'instance.switched': { screen: 'instances', text: (p) => `Instance ${p.instance!.name} changed size` },
  'instance.backup_failed': { screen: 'instances', text: (p) => `Instance ${p.instance!.name}: a backup failed` },
  'member.joined': { screen: 'members', text: (p) => `${p.member!.name} joined the team` },
  'member.removed': { screen: 'members', text: (p) => `${p.member!.name} was removed from the team` },
  'invoice.issued': { screen: 'billing', text: (p) => `Invoice ${p.invoice!.number} was issued (${formatMoney(p.invoice!.total)})` },
  'invoice.payment_failed': { screen: 'billing', text: (p) => `The payment of invoice ${p.invoice!.number} failed` },
};

const WEEKLY_EVENT_TYPES = Object.keys(NOTABLE);

/** The member's week [from, to): only what their permissions and their role's instances cover. */
export async function buildWeeklyReport(db: Db, p: Principal, from: number, to: number, sources: ReportSources): Promise<WeeklyReport> {
  const repo = weeklyReportRepo(db);
  const scope = instanceScopeOf(p);
  const seesInstances = canOpenScreen(p.permissions, 'instances');
  const seesBilling = canOpenScreen(p.permissions, 'billing');
  const seesMembers = canOpenScreen(p.permissions, 'members');
  const [f, t] = [new Date(from), new Date(to)];

  let instances: WeeklyReport['instances'] = null;
  if (seesInstances) {
    const rows = await repo.instancesOfWeek(scope, f, t);
    const ids = rows.map((r) => r.id);
    const [running, received, recorded] = await Promise.all([repo.runningMs(p.tenantId, ids, f, t), repo.receivedBytes(ids, f, t), Promise.all(rows.map((r) => sources.recordedOf(r, from, to)))]);
    instances = rows.map((r, i) => {
      // Uptime over the part of the week the instance existed.
      const lived = Math.min(to, r.deletedAt?.getTime() ?? to) - Math.max(from, r.createdAt.getTime());
      const up = running.get(r.id) ?? 0;
      const uptimePercent = lived > 0 ? Math.min(100, Math.round((up / lived) * 1000) / 10) : 0;
      return { name: r.name, status: r.status, uptimePercent, receivedBytes: received.get(r.id) ?? 0, recorded: recorded[i] ?? null };
    });
  }

  const visible = (type: string, payload: Payload) => {
    const rule = NOTABLE[type]!;
    if (rule.screen === 'members') return seesMembers;
    if (rule.screen === 'billing') return seesBilling;
    return seesInstances && payload.instance !== undefined && inScope(scope, payload.instance.id);
  };
  const events = (await repo.events(p.tenantId, WEEKLY_EVENT_TYPES, f, t))
    .filter((e) => visible(e.type, e.payload as Payload))
    .map((e) => ({ at: e.occurredAt.getTime(), text: NOTABLE[e.type]!.text(e.payload as Payload) }));

  return { from, to, instances, spend: seesBilling ? await sources.spendOf(p.tenantId) : null, events };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function bytesText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** An instance's line: its uptime and data, then what it recorded, or why that is not counted. */
function instanceLine(i: NonNullable<WeeklyReport['instances']>[number]): string {
  const base = `${i.name} (${i.status}): ${i.uptimePercent}% uptime, ${bytesText(i.receivedBytes)} of recorded data received`;
  if (i.recorded) return `${base}, ${counted(i.recorded.sessions, 'session')}, ${counted(i.recorded.users, 'identified user')}, ${counted(i.recorded.errors, 'JavaScript error')}`;
  const why = i.status === 'running' ? 'the instance did not answer' : 'the instance was not running when the report was made';
  return `${base}; sessions, users and errors not counted: ${why}`;
}

/** The report as a mail: the same lines in text and HTML. */
export function weeklyReportMail(input: { to: string; name: string; tenantName: string; productName: string; publicUrl: string; report: WeeklyReport }): Mail {
  const { report } = input;
  const period = `${day(report.from)} to ${day(report.to)}`;
  const sections: { title: string; lines: string[] }[] = [];
  if (report.instances) {
    sections.push({
      title: 'Instances',
      lines: report.instances.length === 0 ? ['No instances this week.'] : report.instances.map(instanceLine),
    });
  }
  if (report.spend) {
    sections.push({
      title: 'Spend',
      lines: [`${formatMoney(report.spend.cost, 2, report.spend.currency)} so far in the period from ${day(report.spend.periodStart)} to ${day(report.spend.periodEnd)}`],
    });
  }
  sections.push({ title: 'Notable events', lines: report.events.length === 0 ? ['Nothing notable happened.'] : report.events.map((e) => `${day(e.at)}: ${e.text}`) });
  const settings = `${input.publicUrl}${routes.account('profile')}`;
  const text = [
    `Hello ${input.name},`,
    '',
    `Here is the week of ${input.tenantName} on the ${input.productName} Console (${period}).`,
    ...sections.flatMap((s) => ['', `${s.title}:`, ...s.lines.map((l) => `- ${l}`)]),
    '',
    `To stop these mails, turn off the weekly report: ${settings}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>Here is the week of ${escapeHtml(input.tenantName)} on the ${escapeHtml(input.productName)} Console (${period}).</p>`,
    ...sections.map((s) => `<h3>${escapeHtml(s.title)}</h3>\n<ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`),
    `<p>To stop these mails, <a href="${escapeHtml(settings)}">turn off the weekly report</a>.</p>`,
  ].join('\n');
  return { to: input.to, subject: `Your week on the ${input.productName} Console: ${input.tenantName}`, text, html };
}
