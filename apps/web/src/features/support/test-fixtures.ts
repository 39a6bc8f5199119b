import type { SupportConversation, SupportMessage } from '@replay/contracts';

/** Conversations and messages as the support API answers them, for the chat's tests. */
export const CONVERSATION_ID = '4a1e2b3c-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
export const SUPPORT_API = '/api/support/conversations';
const at = Date.UTC(2026, 11, 6, 10, 0);

export const conversation = (overrides: Partial<SupportConversation> = {}): SupportConversation => ({
  id: CONVERSATION_ID,
  subject: 'Backups fail',
  status: 'open',
  instanceId: null,
  instanceName: null,
  createdByName: 'Ada',
  createdAt: at,
  updatedAt: at,
  lastMessageAt: at,
  unread: 0,
  ...overrides,
});

export const message = (id: string, overrides: Partial<SupportMessage> = {}): SupportMessage => ({
  id,
  authorKind: 'member',
  authorName: 'Ada',
  authorUserId: 'usr_1',
  body: 'The nightly backup failed.',
  internal: false,
  createdAt: at,
  attachments: [],
  ...overrides,
});
