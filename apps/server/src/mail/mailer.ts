import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { newId } from '../lib/ids';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is written to the outbox table; with SMTP_URL it is also sent.
 * Without SMTP the outbox is the delivery, readable by the operator through
 * `npm run outbox` or the loopback-only /outbox page.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const transport = smtp ? 'smtp' : 'outbox';
  return {
    transport,
    async send(mail) {
      await db.insert(mailOutbox).values({ id: newId(), ...mail, html: mail.html ?? null, transport });
      if (smtp) await smtp.sendMail({ from: opts.from, ...mail });
    },
  };
}
