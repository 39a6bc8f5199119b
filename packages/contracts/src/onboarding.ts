import { z } from 'zod';
import { DAY_MS } from './constants';
import { INSTANCE_MESSAGES } from './instances/instances';
import type { OnboardingTab } from './routes';
import { safeEpochMs, safeUuid } from './safe';
import { ingestUrlOf, trackerScriptUrlOf, trackerTarballUrlOf } from './tracker-ingest';

/**
 * Getting started (spec: GET /boarding, tasks with task and done): four steps, each judged
 * by the server from the account's real state, never ticked by hand.
 */
export const BOARDING_TASKS = ['Install', 'Identify Users', 'Invite Team Members', 'Integrations'] as const;
export type BoardingTask = (typeof BOARDING_TASKS)[number];

/** The onboarding tab that explains each step (`/{siteId}/onboarding/{tab}`). */
export const BOARDING_TASK_TAB: Record<BoardingTask, OnboardingTab> = {
  Install: 'installing',
  'Identify Users': 'identify-users',
  'Invite Team Members': 'team',
  Integrations: 'integrations',
};

export const ONBOARDING_TAB_LABELS: Record<OnboardingTab, string> = {
  installing: 'Install',
  'identify-users': 'Identify Users',
  team: 'Invite Team Members',
  integrations: 'Integrations',
};

export const boardingSchema = z.object({
  tasks: z.array(z.object({ task: z.enum(BOARDING_TASKS), done: z.boolean() })),
});
export type Boarding = z.infer<typeof boardingSchema>;

export type GettingStartedStatus = 'in-progress' | 'completed';

/** Spec: in-progress while any step is pending, else completed. */
export function gettingStartedStatus(tasks: readonly { done: boolean }[]): GettingStartedStatus {
  return tasks.length > 0 && tasks.every((t) => t.done) ? 'completed' : 'in-progress';
}

/** POST /{projectId}/signals: the console's own UI-usage signal, about one instance ("project") of the caller's account. */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export const signalParamsSchema = z.object({ projectId: safeUuid(INSTANCE_MESSAGES.notFound) });
export const signalBodySchema = z
  .strictObject({ timestamp: safeEpochMs, deviceType: z.enum(DEVICE_TYPES, { error: `deviceType must be one of ${DEVICE_TYPES.join(', ')}.` }) })
  .meta({ examples: [{ timestamp: 1_700_000_000_000, deviceType: 'desktop' }] });
export type SignalBody = z.infer<typeof signalBodySchema>;
export const signalAnswerSchema = z.object({ accepted: z.literal(true) });
/** Signals are usage analytics, not a record: kept this long, then removed by the weekly round. */
export const SIGNAL_RETENTION_DAYS = 90;
/** Per member per minute: a UI sends one per screen, a script cannot fill the table. */
export const SIGNALS_PER_MINUTE = 60;
/** A client clock this far from the server's is refused: the stored time must be useful. */
export const SIGNAL_CLOCK_SKEW_MS = DAY_MS;
export const SIGNAL_MESSAGES = {
  tooMany: 'Too many signals. Try again later.',
  clockSkew: 'timestamp must be within a day of now.',
} as const;

/** GET and POST /config/weekly_report: the member's own choice (opt-in). */
export const weeklyReportSchema = z.strictObject({ weeklyReport: z.boolean() }).meta({ examples: [{ weeklyReport: true }] });
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;

/** The weekly report goes out Mondays at 08:00 UTC (a slot a week; each member's mail once per slot). */
export const WEEKLY_REPORT_SLOT = { weekday: 1, hourUtc: 8 } as const;
export const WEEK_MS = 7 * DAY_MS;

/** The start of the week-slot `at` falls in: the latest Monday 08:00 UTC at or before it. */
export function weeklySlotOf(at: number): number {
  const d = new Date(at);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const daysSince = (d.getUTCDay() - WEEKLY_REPORT_SLOT.weekday + 7) % 7;
  const slot = midnight - daysSince * DAY_MS + WEEKLY_REPORT_SLOT.hourUtc * 3_600_000;
  return slot > at ? slot - WEEK_MS : slot;
}

export { TRACKER_INGEST_PATH, ingestUrlOf, trackerScriptUrlOf, trackerTarballUrlOf } from './tracker-ingest';
export const TRACKER_PACKAGE = '@replay/tracker';
/** The co-browsing plugin, installed beside the tracker at the version the compatibility table gives. */
export const ASSIST_PACKAGE = '@replay/tracker-assist';

/**
 * The tracker's methods a site may call before its script has loaded: the script snippet's
 * stand-in queues them (agent-protocol's TRACKER_QUEUED_METHODS, which a server test keeps equal).
 */
export const TRACKER_QUEUED_METHODS = ['start', 'stop', 'setUserID', 'setMetadata', 'event'] as const;

/** The script tag's code: a stand-in `window.tracker` that queues calls, then the tracker, loaded without holding the page back. */
function scriptSnippet(scriptUrl: string, projectKey: string, ingestPoint: string): string {
  const methods = TRACKER_QUEUED_METHODS.map((name) => `'${name}'`).join(', ');
  return `<script>
  // Calls made before the tracker has loaded wait in its queue.
  window.tracker = window.tracker || {
    options: { projectKey: ${JSON.stringify(projectKey)}, ingestPoint: ${JSON.stringify(ingestPoint)} },
    queue: [],
  };
  [${methods}].forEach(function (method) {
    window.tracker[method] = window.tracker[method] || function () {
      window.tracker.queue.push([method, [].slice.call(arguments)]);
    };
  });
  window.tracker.start();
</script>
<script async src="${scriptUrl}"></script>`;
}

/**
 * The onboarding tabs' code: the tracker installed with npm from the instance's own tarball, or
 * loaded with a script tag from the instance (asynchronously: a site's page never waits for it,
 * and the tracker never runs in the task that builds the page); both carry the instance's ingest URL and
 * the account's project key (what the agent's ingest asks for as its Bearer), and the call that
 * names the user of a session. Every address is the instance's: nothing is published anywhere else.
 */
export function trackerSnippets(input: { instanceUrl: string; projectKey: string; trackerVersion: string }) {
  const options = `{\n  projectKey: ${JSON.stringify(input.projectKey)},\n  ingestPoint: ${JSON.stringify(ingestUrlOf(input.instanceUrl))},\n}`;
  return {
    install: `npm install ${trackerTarballUrlOf(input.instanceUrl, input.trackerVersion)}`,
    npm: `import Tracker from '${TRACKER_PACKAGE}';\n\nconst tracker = new Tracker(${options});\ntracker.start();`,
    script: scriptSnippet(trackerScriptUrlOf(input.instanceUrl, input.trackerVersion), input.projectKey, ingestUrlOf(input.instanceUrl)),
    identify: `// Once you know who is signed in, e.g. after login:\ntracker.setUserID('jane@example.com');`,
  };
}
