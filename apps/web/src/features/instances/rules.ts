import {
  ACTION_STATUS,
  TIMINGS_MS,
  isBillingRequired,
  isInstanceFormValid,
  normalizeInstanceUrl,
  type BillingFacts,
  type Instance,
  type InstanceAction,
  type InstanceSize,
  type InstanceStatus,
} from '@replay/contracts';

/**
 * The browser's side of spec section 4 as small pure functions: which
 * instances are recent or old, which are health-checked and how often, what a
 * health answer means, and which badge a row shows. Screens only render what
 * these decide, so the rules are tested without a screen.
 */

/** What the browser learned about an instance's health (spec section 4). */
export interface HealthResult {
  healthy: boolean;
  /** Healthy as the console sees it, but this browser could not reach it directly. */
  clientNetworkIssue: boolean;
  /** Where the instance's host name resolves, as the console sees it (for the network-issue hint). */
  resolvedIps: string[];
}

export const HEALTHY: HealthResult = { healthy: true, clientNetworkIssue: false, resolvedIps: [] };
export const UNHEALTHY: HealthResult = { healthy: false, clientNetworkIssue: false, resolvedIps: [] };

/** Recent: running and created under 10 minutes ago. */
export function isRecent(i: Pick<Instance, 'status' | 'createdAt'>, now: number): boolean {
  return i.status === 'running' && now - i.createdAt < TIMINGS_MS.recent;
}

/** Old: last updated over 10 minutes ago. */
export function isOld(i: Pick<Instance, 'updatedAt'>, now: number): boolean {
  return now - i.updatedAt > TIMINGS_MS.stale;
}

/**
 * Health checks apply to instances whose status ends in 'ing' and that no
 * workflow is working on (in practice: running ones). A transition in
 * progress is followed by status polling instead.
 */
export function needsHealthCheck(i: Pick<Instance, 'status' | 'inProgress'>): boolean {
  return i.status.endsWith('ing') && !i.inProgress;
}

/** Status is polled while a workflow runs, and during a version upgrade. */
export function needsStatusPoll(i: Pick<Instance, 'status' | 'inProgress'>): boolean {
  return i.inProgress || i.status === 'version-upgrading';
}

/**
 * How often an instance's health is checked. Details: every 30 s. The list
 * checks running instances every 30 s too, but an old one (quiet for over 10
 * minutes, and not just created) only every 5 minutes: it is not expected to
 * change, and a long list would otherwise keep the browser busy.
 */
export function healthInterval(i: Pick<Instance, 'status' | 'createdAt' | 'updatedAt'>, now: number, where: 'list' | 'details'): number {
  if (where === 'list' && isOld(i, now) && !isRecent(i, now)) return TIMINGS_MS.listRecheck;
  return TIMINGS_MS.healthPoll;
}

function hasTenants(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const own = (body as { tenants?: unknown }).tenants;
  const wrapped = (body as { data?: { tenants?: unknown } }).data?.tenants;
  const tenants = own ?? wrapped;
  return Array.isArray(tenants) && tenants.length > 0;
}

/** The direct check passes only with HTTP 200 and a body that lists tenants. */
export function directCheckPassed(status: number, body: unknown): boolean {
  return status === 200 && hasTenants(body);
}

/**
 * The proxy check runs when the direct one failed. If the console reaches a
 * healthy instance with tenants, the instance is fine and the browser's
 * network is the problem: healthy, flagged with a client network issue.
 * Anything else (refused, no tenants, no answer) is unhealthy.
 */
export function proxyCheckResult(proxy: { healthy: boolean; hasTenants: boolean; resolvedIps: string[] } | null): HealthResult {
  if (proxy?.healthy && proxy.hasTenants) return { healthy: true, clientNetworkIssue: true, resolvedIps: proxy.resolvedIps };
  return UNHEALTHY;
}

export const STATUS_LABELS: Record<InstanceStatus, string> = {
  creating: 'Creating',
  initializing: 'Initializing',
  running: 'Running',
  stopping: 'Stopping',
  stopped: 'Stopped',
  starting: 'Starting',
  terminating: 'Terminating',
  terminated: 'Terminated',
  upgrading: 'Upgrading',
  'disk-upgrade': 'Upgrading Disk',
  'switch-instance': 'Switching Instance',
  'version-upgrading': 'Upgrading Version',
};

/** success: healthy running; warning: client network issue; error: failed; progress: spinner; neutral: at rest. */
export type BadgeTone = 'success' | 'warning' | 'error' | 'progress' | 'neutral';

export interface BadgeModel {
  label: string;
  tone: BadgeTone;
  /** Which explanation the badge's tooltip gives. */
  reason?: 'failed' | 'network';
  /** Healthy and running: the row opens the details, the instance can be opened. */
  healthyRunning: boolean;
}

const model = (label: string, tone: BadgeTone, reason?: BadgeModel['reason'], healthyRunning = false): BadgeModel =>
  reason ? { label, tone, reason, healthyRunning } : { label, tone, healthyRunning };

const FAILED = model('Failed', 'error', 'failed');

/**
 * The status badge (spec section 4). `health` is the browser's last check;
 * until one has answered, the server's own health watch stands in for it.
 */
export function badgeFor(i: Instance, health: HealthResult | undefined, now: number): BadgeModel {
  if (i.status === 'terminated') return model('Terminated', 'neutral');
  // The workflow gave up: the status it stopped at no longer moves. A change undone back to running (a disk
  // or type change) is not a failed instance: the page's alert tells that change's failure, the badge its health.
  if (i.failure !== null && !i.inProgress && i.status !== 'running') return FAILED;
  if (!needsHealthCheck(i)) {
    return i.status === 'stopped' ? model('Stopped', 'neutral') : model(STATUS_LABELS[i.status], 'progress');
  }
  const seen = health ?? (i.status === 'running' ? { ...UNHEALTHY, healthy: i.healthy } : UNHEALTHY);
  // A passing check means running, whatever 'ing' status the row still carries.
  if (seen.healthy) return seen.clientNetworkIssue ? model('Running', 'warning', 'network', true) : model('Running', 'success', undefined, true);
  if (isOld(i, now) && !isRecent(i, now)) return FAILED;
  return model(i.status === 'running' ? 'Starting' : STATUS_LABELS[i.status], 'progress');
}

/**
 * The Actions menu (spec section 4) is hidden while a workflow runs and once
 * terminated, except for a running instance that fails its health check:
 * stopping or terminating it must stay possible.
 */
export function showActionsMenu(i: Pick<Instance, 'status' | 'inProgress'>, healthy: boolean): boolean {
  if (i.status === 'running' && !healthy) return true;
  return !i.inProgress && i.status !== 'terminated';
}

/** The optimistic change of an action: stop → stopping, start → starting, terminate → terminating. */
export function applyAction<T extends Pick<Instance, 'status' | 'inProgress'>>(i: T, action: InstanceAction): T {
  return { ...i, status: ACTION_STATUS[action], inProgress: true };
}

/** Whether a status answer differs from what is shown. */
export function statusChanged(shown: Pick<Instance, 'status' | 'inProgress'>, polled: Pick<Instance, 'status' | 'inProgress'>): boolean {
  return shown.status !== polled.status || shown.inProgress !== polled.inProgress;
}

/* ---------- the Create form (spec section 5) ---------- */

/** Why Create is disabled: billing required, an invalid instance, a taken URL; null when it may be sent. */
export type CreateBlock = 'billing' | 'invalid' | 'taken' | null;

export function createBlock(form: { name: string; url: string; region: string | null; size: InstanceSize }, urlTaken: boolean, account: BillingFacts): CreateBlock {
  if (isBillingRequired(account, form.size)) return 'billing';
  if (!isInstanceFormValid({ ...form, region: form.region ?? undefined })) return 'invalid';
  if (urlTaken) return 'taken';
  return null;
}

/** A URL suggested from the name while the URL field is untouched: lower case, spaces as hyphens, then the URL rule. */
export function suggestUrl(name: string): string {
  return normalizeInstanceUrl(name.trim().toLowerCase().replace(/\s+/g, '-'));
}
