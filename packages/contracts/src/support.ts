import { z } from 'zod';
import { safeText, safeUuid } from './safe';

/**
 * The support drawer's chat (the spec's "chat widget"): conversations kept per account, between
 * its members and the people who run the console (operators). A member sees their account's
 * conversations only and never an operator's internal note; operators see every account's.
 */

/** A message's text: the longest text the console stores (safe.ts' MAX_TEXT_LENGTH is 4096). */
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_SUBJECT_MAX = 120;
/**
 * One attachment per message, at most 512 KiB: a screenshot or a log file. Sent as base64 in the
 * JSON body (about 700 KB of text), under the API's 1 MiB body limit (a larger body is 413).
 */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 512 * 1024;
/** The types an attachment may be: a PNG or JPEG screenshot, or plain text (a log). Nothing a browser would run. */
export const SUPPORT_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'text/plain'] as const;
export type SupportAttachmentType = (typeof SUPPORT_ATTACHMENT_TYPES)[number];
/** The file name endings each type may carry. */
export const SUPPORT_ATTACHMENT_EXTENSIONS: Record<SupportAttachmentType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'text/plain': ['.txt', '.log'],
};
const BASE64_MAX = Math.ceil(SUPPORT_ATTACHMENT_MAX_BYTES / 3) * 4;

export const SUPPORT_MESSAGES = {
  notFound: 'Conversation not found.',
  attachmentNotFound: 'Attachment not found.',
  instanceNotFound: 'Instance not found.',
  subjectRequired: 'Subject is required.',
  subjectOneLine: 'The subject is one line.',
  bodyRequired: 'Write a message.',
  tooBig: `An attachment may be at most ${SUPPORT_ATTACHMENT_MAX_BYTES / 1024} KiB.`,
  wrongType: 'Attach a PNG or JPEG screenshot, or a plain-text log (.txt, .log).',
  notBase64: 'The attachment’s content must be base64.',
  contentMismatch: 'The attachment’s content is not what its type says (a PNG, a JPEG, or UTF-8 text).',
  nameMismatch: 'The attachment’s name must end as its type does (.png; .jpg or .jpeg; .txt or .log).',
  nameInvalid: 'Name the attachment with letters, digits, dots, dashes and underscores (at most 100).',
  operatorOnly: 'Operator credentials required.',
  operatorOff: 'The operator API is off on this console (OPERATOR_TOKEN is not set).',
  alreadyClosed: 'The conversation is already closed.',
  alreadyOpen: 'The conversation is already open.',
  mailSubject: (account: string, subject: string) => `[Support] ${account}: ${subject}`,
  empty: 'No conversations yet. Write to us and we answer here.',
  // The SPA's chat and operators' screen.
  listFailed: 'The conversations could not be loaded.',
  threadFailed: 'The conversation could not be loaded.',
  sendFailed: 'The message could not be sent.',
  downloadFailed: 'The attachment could not be downloaded.',
  closedReopens: 'This conversation is closed; writing to it opens it again.',
  attachmentHint: `A PNG or JPEG screenshot, or a .txt or .log file, up to ${SUPPORT_ATTACHMENT_MAX_BYTES / 1024} KiB.`,
  aboutInstance: (instance: string) => `About ${instance}`,
  internalNoteHint: 'An internal note is never shown to the customer.',
  operatorTokenWrong: 'That is not this console’s operator token (or the operator API is off: OPERATOR_TOKEN is not set).',
  queueEmpty: 'No conversations here.',
} as const;

export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export const supportStatusSchema = z.enum(SUPPORT_STATUSES);

/** Standard base64 with its padding: what atob takes. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Base64 to bytes, in the browser as on the server (atob is in both); null when atob refuses it. */
function bytesOfBase64(text: string): Uint8Array | null {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export const supportAttachmentInputSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, SUPPORT_MESSAGES.nameInvalid),
    mediaType: z.enum(SUPPORT_ATTACHMENT_TYPES, SUPPORT_MESSAGES.wrongType),
    /** The file's bytes as base64; parsed into the bytes themselves (no long text travels further, the audit trail's included). */
    contentBase64: z
      .string()
      .max(BASE64_MAX, SUPPORT_MESSAGES.tooBig)
      .regex(BASE64, SUPPORT_MESSAGES.notBase64)
      .transform((text, ctx) => {
        // zod runs the transform even when the pattern failed: bytes only of what is base64.
        const bytes = BASE64.test(text) ? bytesOfBase64(text) : null;
        if (bytes) return bytes;
        ctx.issues.push({ code: 'custom', message: SUPPORT_MESSAGES.notBase64, input: text });
        return z.NEVER;
      }),
  })
  .strict();
export type SupportAttachmentInput = z.output<typeof supportAttachmentInputSchema>;

const messageBody = safeText(SUPPORT_MESSAGE_MAX).min(1, SUPPORT_MESSAGES.bodyRequired);

export const createSupportConversationSchema = z
  .object({
    // One line: it becomes a mail's Subject header.
    subject: safeText(SUPPORT_SUBJECT_MAX)
      .min(1, SUPPORT_MESSAGES.subjectRequired)
      .regex(/^[^\r\n]*$/, SUPPORT_MESSAGES.subjectOneLine),
    body: messageBody,
    /** The instance it is about, when opened from an instance's page: one of the account's. */
    instanceId: safeUuid(SUPPORT_MESSAGES.instanceNotFound).optional(),
    attachment: supportAttachmentInputSchema.optional(),
  })
  .strict();
export type CreateSupportConversationInput = z.output<typeof createSupportConversationSchema>;

export const supportReplySchema = z.object({ body: messageBody, attachment: supportAttachmentInputSchema.optional() }).strict();
export type SupportReplyInput = z.output<typeof supportReplySchema>;

/** An operator's message: a reply the customer sees, or an internal note (never shown to the customer). */
export const operatorSupportMessageSchema = z.object({ body: messageBody, internal: z.boolean().default(false), attachment: supportAttachmentInputSchema.optional() }).strict();
export type OperatorSupportMessageInput = z.output<typeof operatorSupportMessageSchema>;

export const supportConversationParamsSchema = z.object({ id: safeUuid(SUPPORT_MESSAGES.notFound) });
export const supportAttachmentParamsSchema = z.object({
  id: safeUuid(SUPPORT_MESSAGES.notFound),
  attachmentId: safeUuid(SUPPORT_MESSAGES.attachmentNotFound),
});
export const operatorQueueQuerySchema = z.object({ status: supportStatusSchema.default('open') }).strict();

export const supportAttachmentSchema = z.object({ id: z.string(), name: z.string(), mediaType: z.string(), size: z.number().int() });
export const supportMessageSchema = z.object({
  id: z.string(),
  authorKind: z.enum(['member', 'operator']),
  /** The member's name, or 'Support' for an operator. */
  authorName: z.string(),
  authorUserId: z.string().nullable(),
  body: z.string(),
  /** Operators only ever see true here; a member's answer never holds an internal note. */
  internal: z.boolean(),
  createdAt: z.number().int(),
  attachments: z.array(supportAttachmentSchema),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: supportStatusSchema,
  instanceId: z.string().nullable(),
  instanceName: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  lastMessageAt: z.number().int(),
  /** Messages of others (operators, other members) the caller has not read yet. */
  unread: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportConversationListSchema = z.object({ conversations: z.array(supportConversationSchema) });
export const supportThreadSchema = z.object({ conversation: supportConversationSchema, messages: z.array(supportMessageSchema) });
export type SupportThread = z.infer<typeof supportThreadSchema>;
/** The Support menu entry's badge: unread messages across the caller's account's conversations. */
export const supportUnreadSchema = z.object({ unread: z.number().int() });

/** One row of the operators' queue: waiting longest first. */
export const operatorQueueItemSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  accountName: z.string(),
  subject: z.string(),
  status: supportStatusSchema,
  instanceName: z.string().nullable(),
  /** Since when the customer waits for an answer (their first unanswered message), or null when answered. */
  waitingSince: z.number().int().nullable(),
  lastMessageAt: z.number().int(),
});
export const operatorQueueSchema = z.object({ conversations: z.array(operatorQueueItemSchema) });

/** What an operator sees beside a thread: the account, its plan, instances and recent failures. */
export const operatorAccountContextSchema = z.object({
  tenantId: z.string(),
  name: z.string(),
  edition: z.string(),
  /** 'trial' until billing details are added, then 'paying'. */
  plan: z.enum(['trial', 'paying']),
  trialEndsAt: z.number().int(),
  instances: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), size: z.string() })),
  recentFailures: z.array(z.object({ action: z.string(), message: z.string(), instanceName: z.string().nullable(), at: z.number().int() })),
});
export const operatorThreadSchema = z.object({
  conversation: supportConversationSchema,
  waitingSince: z.number().int().nullable(),
  messages: z.array(supportMessageSchema),
  account: operatorAccountContextSchema,
});
export type OperatorThread = z.infer<typeof operatorThreadSchema>;

/** The live push's support message (instances' stream, event `support`): a conversation of the account has a new message. */
export const liveSupportMessageSchema = z.object({ type: z.string(), at: z.number().int(), conversationId: z.string() });
export type LiveSupportMessage = z.infer<typeof liveSupportMessageSchema>;
