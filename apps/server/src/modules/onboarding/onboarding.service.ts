import { BOARDING_TASKS, SIGNALS_PER_MINUTE, SIGNAL_CLOCK_SKEW_MS, SIGNAL_MESSAGES, type Boarding, type BoardingTask, type SignalBody, type WeeklyReport } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { InfrastructureDriver } from '../../infra/driver';
import { mapLimit } from '../../lib/concurrency';
import { badRequest } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { instanceScopeOf } from '../../lib/instance-scope';
import { instanceOfProject } from '../projects/projects.facts';
import { MINUTE_MS, rateLimiter } from '../../lib/rate-limit';
import type { InstancesService } from '../instances/core/instances.service';
import { onboardingRepo, type OnboardingFactsRow } from './onboarding.repo';
import type { Clock } from '../../lib/time';

/** At most this many running instances are asked per check; an account past it has long finished getting started. */
const ASKED_INSTANCES = 10;
const ASK_CONCURRENCY = 5;

export interface OnboardingDeps {
  db: Db;
  clock: Clock;
  driver: Pick<InfrastructureDriver, 'stats'>;
  instances: Pick<InstancesService, 'load'>;
  /**
   * Whether the account has a webhook (the Integrations step). The webhooks module is
   * built by another slice of issue 14: until the lead wires its `hasWebhooks` here in
   * composition.ts, the composition passes `async () => false`.
   * TODO(lead, issue 14 merge): wire webhooks' hasWebhooks(tenantId).
   */
  hasWebhooks(tenantId: string): Promise<boolean>;
}

/**
 * Getting started (GET /boarding), the console's UI-usage signals and the member's weekly
 * report choice. Each step is judged from the account's real state: an instance that
 * stored a recording (its agent's ingest facts, remembered here once seen), one naming its
 * user, a second member who joined, a webhook.
 */
export function createOnboardingService(deps: OnboardingDeps) {
  const repo = onboardingRepo(deps.db);
  const limits = rateLimiter(deps);

  /** What the account's agents say, for the facts not yet recorded; recorded when seen. */
  async function ingestFacts(tenantId: string): Promise<OnboardingFactsRow> {
    const known = await repo.facts(tenantId);
    if (known.dataReceivedAt && known.identifiedAt) return known;
    const ids = await repo.runningInstanceIds(tenantId, ASKED_INSTANCES);
    // An agent that does not answer (starting, stopping) says nothing: the step stays pending until one does.
    const answers = await mapLimit(ids, ASK_CONCURRENCY, (id) =>
      deps.driver.stats(id).then(
        (s) => s.ingest ?? null,
        () => null,
      ),
    );
    const earliest = (pick: (f: NonNullable<(typeof answers)[number]>) => number | null): Date | null => {
      const times = answers.map((a) => (a ? pick(a) : null)).filter((t): t is number => t !== null);
      return times.length > 0 ? new Date(Math.min(...times)) : null;
    };
    const seen = { dataReceivedAt: earliest((f) => f.firstRecordingAt), identifiedAt: earliest((f) => f.firstIdentifiedAt) };
    const news = (!known.dataReceivedAt && seen.dataReceivedAt) || (!known.identifiedAt && seen.identifiedAt);
    if (!news) return known;
    await repo.recordFacts(tenantId, seen);
    return { dataReceivedAt: known.dataReceivedAt ?? seen.dataReceivedAt, identifiedAt: known.identifiedAt ?? seen.identifiedAt };
  }

  return {
    async boarding(p: Principal): Promise<Boarding> {
      const [facts, joined, webhooks] = await Promise.all([ingestFacts(p.tenantId), repo.joinedMembers(p.tenantId), deps.hasWebhooks(p.tenantId)]);
      const done: Record<BoardingTask, boolean> = {
        Install: facts.dataReceivedAt !== null,
        'Identify Users': facts.identifiedAt !== null,
        // The account's creator joined at sign-up: the step is someone else joining.
        'Invite Team Members': joined >= 2,
        Integrations: webhooks,
      };
      return { tasks: BOARDING_TASKS.map((task) => ({ task, done: done[task] })) };
    },

    /** POST /{projectId}/signals: about a project of an instance the caller reaches (else 404), at a believable time, at a human rate. */
    async signal(p: Principal, projectId: string, body: SignalBody): Promise<void> {
      // A project's instance; an id that names no project is judged as an instance id (an instance's default project has its id).
      const instance = await deps.instances.load(p, (await instanceOfProject(deps.db, instanceScopeOf(p), projectId)) ?? projectId);
      const now = deps.clock.now();
      if (Math.abs(body.timestamp - now.getTime()) > SIGNAL_CLOCK_SKEW_MS) throw badRequest(SIGNAL_MESSAGES.clockSkew);
      await limits.hit([{ key: `signals:user:${p.userId}`, rule: { limit: SIGNALS_PER_MINUTE, windowMs: MINUTE_MS } }], SIGNAL_MESSAGES.tooMany);
      await repo.insertSignal({
        id: newId(),
        tenantId: p.tenantId,
        instanceId: instance.instanceId,
        userId: p.userId,
        at: new Date(body.timestamp),
        receivedAt: now,
        deviceType: body.deviceType,
      });
    },

    async weeklyReport(p: Principal): Promise<WeeklyReport> {
      return { weeklyReport: await repo.weeklyReport(p.userId) };
    },

    async saveWeeklyReport(p: Principal, body: WeeklyReport): Promise<WeeklyReport> {
      await repo.saveWeeklyReport(p.userId, body.weeklyReport, deps.clock.now());
      return { weeklyReport: body.weeklyReport };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
