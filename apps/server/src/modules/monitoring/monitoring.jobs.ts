import type { JobDefinition, Schedule } from '../../platform/job-types';
import { runAlertRound } from '../alerts/alerts.round.door';
import { SLOT_MS, runSamplingRound } from './monitoring.sampler';

export const METRICS_QUEUE = 'instance-metrics';

/**
 * The slot a round samples: the one its schedule claimed. pg-boss claims it
 * as `singleton_on`, a timestamp without time zone holding UTC, which both
 * database drivers read as local time; reading its fields back as UTC undoes
 * that. A job without a claim (sent by hand), or a reading far from now (a
 * local-time gap at a daylight-saving change), samples the current slot.
 */
export function slotOf(singletonOn: Date | null, now: Date): Date {
  const current = Math.floor(now.getTime() / SLOT_MS) * SLOT_MS;
  if (!singletonOn) return new Date(current);
  const d = singletonOn;
  const claimed = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());
  return Math.abs(claimed - current) <= 2 * SLOT_MS ? new Date(claimed) : new Date(current);
}

export const metricsJob: JobDefinition = {
  queue: METRICS_QUEUE,
  // A failed round is the next round's job: a retry would sample a later moment into this slot.
  // Jobs are kept an hour, longer than their slot, so the slot's claim holds while it matters.
  queueOptions: { retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 3600 },
  handle: async (ctx, _data, job) => {
    const slot = slotOf(job.singletonOn ?? null, ctx.clock.now());
    const report = await runSamplingRound({ db: ctx.db, driver: ctx.driver }, slot);
    if (report.failed || report.durationMs > 10_000) ctx.logger.info(report, 'instance metrics round');
    // The alert rules read the samples just stored: in the same claimed slot, so once per slot across processes.
    await runAlertRound({ db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.env.publicUrl, productName: ctx.env.PRODUCT_NAME }, slot);
  },
};

/**
 * One round per 60-s slot across every console process (the spec's step),
 * claimed through the schedules' one mechanism, pg-boss throttling on a
 * shared key. Each process offers the round every 15 s, so a timer that
 * drifts past a boundary never leaves a slot without its round; the claim
 * keeps it to one.
 */
export const metricsSchedule: Schedule = { queue: METRICS_QUEUE, everySeconds: SLOT_MS / 1000, offerEverySeconds: 15 };
