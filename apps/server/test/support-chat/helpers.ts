import type { TestApp } from '../support/app';
import { TEST_OPERATOR_TOKEN } from '../support/app';
import { bearer } from '../support/auth';

/** The smallest valid PNG (1×1), as a screenshot would start. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const operator = bearer(TEST_OPERATOR_TOKEN);

export const attachmentOf = (name: string, mediaType: string, bytes: Buffer) => ({ name, mediaType, contentBase64: bytes.toString('base64') });

/** Opens a conversation as the member; its answer's `data`. */
export async function openConversation(t: TestApp, headers: Record<string, string>, payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/support/conversations', headers, payload: { subject: 'Replays are empty', body: 'Nothing records since Monday.', ...payload } });
  if (res.statusCode !== 201) throw new Error(`open conversation: ${res.statusCode} ${res.body}`);
  return res.json().data as { conversation: { id: string; unread: number; status: string }; messages: { id: string; attachments: { id: string }[] }[] };
}

export const operatorPost = (t: TestApp, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/operator/support/conversations/${id}/messages`, headers: operator, payload });
