import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { escapeHtml } from './templates';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  transport: 'outbox' | 'smtp';
  createdAt: number;
}

/** The operator's view of sent mail: not tenant data, so not tenant-scoped. */
export async function latestMail(db: Db, limit: number): Promise<OutboxMail[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      transport: mailOutbox.transport,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Escapes the text and turns http(s) links into anchors; nothing else can become markup. */
export function linkify(text: string): string {
  return text
    .split(URL_PATTERN)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

export function renderOutboxPage(mails: OutboxMail[], productName: string): string {
  const items = mails.map(
    (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.createdAt).toISOString())} · ${m.transport}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Outbox - ${escapeHtml(productName)} Console</title>
<style>
body { font: 14px/1.5 system-ui, sans-serif; max-width: 900px; margin: 2rem auto; padding: 0 1rem; color: #222; }
article { border: 1px solid #ddd; border-radius: 6px; padding: 0.5rem 1rem; margin: 1rem 0; }
h2 { font-size: 1rem; margin: 0.5rem 0; }
.meta { color: #666; margin: 0; }
pre { white-space: pre-wrap; word-break: break-word; font: inherit; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Mail the console has sent, newest first. Without SMTP_URL this is the only delivery.</p>
${items.length ? items.join('\n') : '<p>No mail yet.</p>'}
</body>
</html>`;
}
