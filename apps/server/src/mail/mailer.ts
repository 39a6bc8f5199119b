import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { deriveSealKey, openSealed, seal, type SealKey } from '../lib/seal';
import { mailQueueRepo } from './mail-queue';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  /** Queues a mail in the caller's transaction: it goes only if the change commits, and never inside the request. */
  queue(tx: Db, mail: Mail): Promise<void>;
  /** Sends every queued mail that is due (SMTP); the outbox has nothing to send. */
  deliverQueued(db: Db, logger: Logger): Promise<void>;
}

/** Longer than a send can take with the timeouts below: a claim that runs out means its sender died. */
const CLAIM_MS = 5 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };
/** 30 s, doubling, at most an hour apart; after 8 attempts (about 2.5 hours, past a reset link's life) the mail is dropped. */
export const MAIL_RETRY = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, maxAttempts: 8 };
const retryDelay = (attempts: number) => Math.min(MAIL_RETRY.firstDelayMs * 2 ** (attempts - 1), MAIL_RETRY.maxDelayMs);

/**
 * Without SMTP the outbox table is the delivery, written in the change's
 * transaction and readable by the operator through `npm run outbox` or the
 * loopback-only /outbox page: read-after-write, as before.
 *
 * With SMTP_URL a mail is queued sealed (lib/seal.ts, bound to its row) in the
 * change's transaction, sent by the mail-delivery job after the commit, with
 * retries, and deleted once the SMTP server took it or it was given up.
 * Reset and invitation links are live credentials: the database never holds
 * them readable, and holds the sealed copy only until it is sent. Delivery is
 * at least once: a sender that dies between the SMTP server's "OK" and the
 * delete sends that mail again after its claim runs out (a second reset mail
 * is harmless; a lost one is not).
 */
/** `clock` is the console's (lib/time.ts), passed in so that tests can move it. */
export function createMailer(opts: { smtpUrl?: string; from: string; sealKey: SealKey; clock: { now(): Date } }): Mailer {
  const { clock } = opts;
  if (!opts.smtpUrl) {
    return {
      transport: 'outbox',
      async queue(tx, mail) {
        await tx.insert(mailOutbox).values({ id: newId(), ...mail, html: mail.html ?? null, transport: 'outbox' });
      },
      async deliverQueued() {},
    };
  }
  const smtp = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    transport: 'smtp',
    async queue(tx, mail) {
      const id = newId();
      await mailQueueRepo(tx).insert({ id, sealed: seal(opts.sealKey, JSON.stringify(mail), id), at: clock.now() });
    },
    async deliverQueued(db, logger) {
      const queue = mailQueueRepo(db);
      for (;;) {
        const now = clock.now();
        const claimed = await queue.claimNext(now, new Date(now.getTime() + CLAIM_MS));
        if (!claimed) return;
        const opened = openSealed(opts.sealKey, claimed.sealed, claimed.id);
        if (opened === null) {
          await queue.remove(claimed.id);
          logger.error({ mailId: claimed.id }, 'a queued mail does not open with this console secret (was it rotated?); dropped');
          continue;
        }
        try {
          await smtp.sendMail({ from: opts.from, ...(JSON.parse(opened) as Mail) });
          await queue.remove(claimed.id);
        } catch (err) {
          if (claimed.attempts >= MAIL_RETRY.maxAttempts) {
            await queue.remove(claimed.id);
            logger.error({ err, mailId: claimed.id, attempts: claimed.attempts }, 'mail could not be sent; given up');
          } else {
            await queue.retryAt(claimed.id, new Date(now.getTime() + retryDelay(claimed.attempts)));
            logger.warn({ err, mailId: claimed.id, attempts: claimed.attempts }, 'mail could not be sent; it is tried again later');
          }
        }
      }
    },
  };
}

/** The queue's own sealing key, derived from the console's signing secret. */
export function mailSealKey(jwtSecret: Uint8Array): SealKey {
  return deriveSealKey(jwtSecret, 'mail-queue-seal-v1');
}
