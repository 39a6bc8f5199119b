import { z } from 'zod';
import { instanceSchema } from './instances';

/**
 * Live status push (issue 17): `GET /managed-saas/instances/events` answers a
 * Server-Sent Events stream instead of `{ data }`. Each change of an instance
 * the caller may see is one message:
 *
 *   id: <the event's position, a number that grows in commit order across every console process>
 *   event: instance
 *   data: <liveInstanceChangeSchema as JSON>
 *
 * A reconnecting client sends the last id it saw as `Last-Event-ID` and gets
 * everything after it that it may see. When that id is too old (or not one
 * this console gave), the first message is `event: resync` (no id, data `{}`):
 * refetch everything, then go on from the messages that follow. Comment
 * lines (`: …`) keep the connection open through proxies.
 *
 * A message of the account's support chat that its members see (a reply of the operators,
 * another member's message; never an internal note) is `event: support`, data
 * `{ type, at, conversationId }` (contracts' support.ts `liveSupportMessageSchema`): the
 * Support menu refetches its unread count and an open thread its messages.
 */
export const LIVE_STATUS_EVENTS = { change: 'instance', resync: 'resync', ready: 'ready', support: 'support' } as const;

/**
 * A header of the instances list's answer: the stream position the page is as of (digits). A client
 * that opens the stream with it as `Last-Event-ID` is replayed every change after the page, so it
 * need not read the list again once the stream is open.
 */
export const LIVE_POSITION_HEADER = 'live-position';

/** Seconds between heartbeat comments (and re-checks of the caller's rights). */
export const LIVE_STATUS_HEARTBEAT_SECONDS = 15;

export const liveInstanceChangeSchema = z.object({
  /** The domain event's type, e.g. `instance.stopped`. */
  type: z.string(),
  /** When the change happened, epoch ms. */
  at: z.number().int(),
  instanceId: z.string(),
  /** The instance as it is when the message is sent (null: gone, which a list reads as 'refetch'). */
  instance: instanceSchema.nullable(),
});
export type LiveInstanceChange = z.infer<typeof liveInstanceChangeSchema>;

/** `Last-Event-ID`: the id of the last message a client saw (a position), as text of digits. */
export const liveStatusHeadersSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'Last-Event-ID must be the id of an event this console sent')
    .optional(),
});

/** What the stream's documentation says it carries; the wire is text/event-stream. */
export const liveStatusResponseSchema = liveInstanceChangeSchema;
