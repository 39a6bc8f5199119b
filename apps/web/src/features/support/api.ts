import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, endpointPath, supportEndpoints, type SupportThread } from '@replay/contracts';
import { call, fetchApiFile } from '../../lib/api';
import { useAfterPaint } from '../../lib/use-after-paint';
import { useLiveStreamOpen } from '../instances/live-status/live-status';
import type { AttachmentUpload } from './attachment';

export const supportKeys = {
  all: ['support'] as const,
  unread: () => ['support', 'unread'] as const,
  list: () => ['support', 'list'] as const,
  thread: (id: string) => ['support', 'thread', id] as const,
};

/**
 * How often the chat asks while the live stream is not open (docs/decisions/web.md, "support
 * chat: live, else polled"): the stream's `support` messages refresh it otherwise.
 */
export const SUPPORT_POLL_MS = 30_000;

/** While the live stream is open its messages refresh the chat; otherwise it is asked every 30 s. */
function usePollInterval(): number | false {
  return useLiveStreamOpen() ? false : SUPPORT_POLL_MS;
}

/** The Support menu entry's badge: unread messages across the account's conversations. */
export function useSupportUnread() {
  const painted = useAfterPaint();
  return useQuery({
    queryKey: supportKeys.unread(),
    enabled: painted,
    queryFn: ({ signal }) => call(supportEndpoints.supportUnread, {}, { signal }),
    refetchInterval: usePollInterval(),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The account's conversations, read afresh when the drawer shows them. */
export function useSupportConversations() {
  return useQuery({
    queryKey: supportKeys.list(),
    queryFn: ({ signal }) => call(supportEndpoints.supportConversations, {}, { signal }),
    refetchInterval: usePollInterval(),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** One thread, kept fresh while it is on screen; what others wrote is marked read as it shows. */
export function useSupportThread(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: supportKeys.thread(id),
    queryFn: ({ signal }) => call(supportEndpoints.supportConversation, { params: { id } }, { signal }),
    refetchInterval: usePollInterval(),
    staleTime: 0,
  });
  const unread = query.data?.conversation.unread ?? 0;
  const marking = useRef(false);
  useEffect(() => {
    if (unread === 0 || marking.current) return;
    marking.current = true;
    void call(supportEndpoints.readSupportConversation, { params: { id } })
      .then((answer) => {
        queryClient.setQueryData(supportKeys.unread(), answer);
        void queryClient.invalidateQueries({ queryKey: supportKeys.list() });
      })
      .catch(() => undefined)
      .finally(() => {
        marking.current = false;
      });
  }, [id, unread, query.dataUpdatedAt, queryClient]);
  return query;
}

function useSettleThread() {
  const queryClient = useQueryClient();
  return (thread: SupportThread) => {
    queryClient.setQueryData(supportKeys.thread(thread.conversation.id), thread);
    void queryClient.invalidateQueries({ queryKey: supportKeys.list() });
  };
}

export interface NewConversationInput {
  subject: string;
  body: string;
  instanceId?: string;
  attachment?: AttachmentUpload;
}

/** Opens a conversation; one Idempotency-Key per attempt, so a retried send is not a second one. */
export function useOpenConversation() {
  const settle = useSettleThread();
  return useMutation({
    mutationFn: (input: NewConversationInput) => call(supportEndpoints.openSupportConversation, { body: input }, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    onSuccess: settle,
  });
}

export function useReply(id: string) {
  const settle = useSettleThread();
  return useMutation({
    mutationFn: (input: { body: string; attachment?: AttachmentUpload }) => call(supportEndpoints.replySupportConversation, { params: { id }, body: input }),
    onSuccess: settle,
  });
}

/** An attachment's bytes, with the member's token (a plain link could not send it). */
export function fetchMemberAttachment(conversationId: string, attachmentId: string): Promise<Blob> {
  return fetchApiFile(`${API_PREFIX}${endpointPath(supportEndpoints.supportAttachment, { id: conversationId, attachmentId })}`);
}
