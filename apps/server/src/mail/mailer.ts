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
 * With SMTP_URL mail is sent, and kept nowhere: reset and invitation links
 * are live credentials, and a copy in the database would outlive the mail.
 * Without SMTP the outbox table is the delivery, readable by the operator
 * through `npm run outbox` or the loopback-only /outbox page.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        await smtp.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    transport: 'outbox',
    async send(mail) {
      await db.insert(mailOutbox).values({ id: newId(), ...mail, html: mail.html ?? null, transport: 'outbox' });
    },
  };
}
