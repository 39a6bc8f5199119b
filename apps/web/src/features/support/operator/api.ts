import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, endpointPath, operatorSupportEndpoints, type Endpoint, type OperatorThread } from '@replay/contracts';
import { ApiError, call, type CallInput } from '../../../lib/api';
import { readStored, writeStored, STORAGE_KEYS } from '../../../lib/storage';
import type { AttachmentUpload } from '../attachment';

/** The operator token, in this tab's sessionStorage only: never localStorage (docs/decisions/web.md). */
export const operatorToken = {
  get: (): string | null => readStored('session', STORAGE_KEYS.operatorToken),
  set: (token: string | null) => writeStored('session', STORAGE_KEYS.operatorToken, token),
};

export const operatorKeys = {
  all: ['operator-support'] as const,
  queue: (status: 'open' | 'closed') => ['operator-support', 'queue', status] as const,
  thread: (id: string) => ['operator-support', 'thread', id] as const,
};

/** How often the queue and an open thread are read again: operators have no live stream. */
export const OPERATOR_POLL_MS = 30_000;

/** A call with the operator token as its Bearer (never the member's token, and never a refresh on a 401). */
export function operatorCall<E extends Endpoint>(endpoint: E, input: CallInput<E>, token: string, signal?: AbortSignal) {
  return call(endpoint, input, { auth: 'none', headers: { authorization: `Bearer ${token}` }, signal });
}

export const isWrongToken = (error: unknown) => error instanceof ApiError && error.status === 401;

export function useOperatorQueue(token: string, status: 'open' | 'closed') {
  return useQuery({
    queryKey: operatorKeys.queue(status),
    queryFn: ({ signal }) => operatorCall(operatorSupportEndpoints.operatorSupportQueue, { query: { status } }, token, signal),
    refetchInterval: OPERATOR_POLL_MS,
    staleTime: 0,
  });
}

export function useOperatorThread(token: string, id: string) {
  return useQuery({
    queryKey: operatorKeys.thread(id),
    queryFn: ({ signal }) => operatorCall(operatorSupportEndpoints.operatorSupportConversation, { params: { id } }, token, signal),
    refetchInterval: OPERATOR_POLL_MS,
    staleTime: 0,
  });
}

export type OperatorAction = { kind: 'message'; body: string; internal: boolean; attachment?: AttachmentUpload } | { kind: 'close' } | { kind: 'reopen' };

/** A reply, an internal note, close or reopen: the answer is the thread as it now is. */
export function useOperatorAction(token: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OperatorAction): Promise<OperatorThread> => {
      const params = { id };
      if (action.kind === 'close') return operatorCall(operatorSupportEndpoints.closeSupportConversation, { params }, token);
      if (action.kind === 'reopen') return operatorCall(operatorSupportEndpoints.reopenSupportConversation, { params }, token);
      const { kind: _kind, ...body } = action;
      return operatorCall(operatorSupportEndpoints.operatorSupportMessage, { params, body }, token);
    },
    onSuccess: (thread) => {
      queryClient.setQueryData(operatorKeys.thread(id), thread);
      void queryClient.invalidateQueries({ queryKey: ['operator-support', 'queue'] });
    },
  });
}

/** An attachment's bytes with the operator token. */
export async function fetchOperatorAttachment(token: string, conversationId: string, attachmentId: string): Promise<Blob> {
  const path = endpointPath(operatorSupportEndpoints.operatorSupportAttachment, { id: conversationId, attachmentId });
  const res = await fetch(`${API_PREFIX}${path}`, { headers: { authorization: `Bearer ${token}` } }).catch(() => {
    throw new ApiError(0, []);
  });
  if (!res.ok) throw new ApiError(res.status, []);
  return res.blob();
}
