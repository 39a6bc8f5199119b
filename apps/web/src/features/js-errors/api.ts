import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JS_ERROR_MESSAGES, PAGE_SIZE_ERRORS, endpoints, type SourceMapBody } from '@replay/contracts';
import { call, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';

/** An instance's JavaScript errors (read from the instance) and its source map uploads. */
export const jsErrorKeys = {
  list: (id: string, page: number) => ['js-errors', id, page] as const,
  one: (id: string, errorId: string) => ['js-error', id, errorId] as const,
  maps: (id: string) => ['source-maps', id] as const,
};

/** The instance's uploaded source maps (GET …/source-maps), newest first. */
export function useSourceMaps(instanceId: string) {
  return useQuery({
    queryKey: jsErrorKeys.maps(instanceId),
    queryFn: ({ signal }) => call(endpoints.sourceMaps, { params: { id: instanceId } }, { signal }),
  });
}

/** Removes a map; the list and every error of the instance are read again (their frames may no longer resolve). */
export function useRemoveSourceMap(instanceId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapId: string) => call(endpoints.deleteSourceMap, { params: { id: instanceId, mapId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jsErrorKeys.maps(instanceId) });
      void queryClient.invalidateQueries({ queryKey: ['js-error', instanceId] });
      notifySuccess(JS_ERROR_MESSAGES.sourceMapRemoved);
      onDone?.();
    },
    onError: (error) => notifyError(errorMessage(error, JS_ERROR_MESSAGES.sourceMapRemoveFailed)),
  });
}

export function useInstanceErrors(instanceId: string, page: number) {
  return useQuery({
    queryKey: jsErrorKeys.list(instanceId, page),
    queryFn: ({ signal }) => call(endpoints.instanceErrors, { params: { id: instanceId }, query: { page, limit: PAGE_SIZE_ERRORS } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInstanceError(instanceId: string, errorId: string) {
  return useQuery({
    queryKey: jsErrorKeys.one(instanceId, errorId),
    queryFn: ({ signal }) => call(endpoints.instanceError, { params: { id: instanceId, errorId } }, { signal }),
  });
}

/** Uploads a map, then reads the error again so that its frames resolve. */
export function useUploadSourceMap(instanceId: string, errorId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SourceMapBody) => call(endpoints.uploadSourceMap, { params: { id: instanceId }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jsErrorKeys.one(instanceId, errorId) });
      void queryClient.invalidateQueries({ queryKey: jsErrorKeys.maps(instanceId) });
      notifySuccess(JS_ERROR_MESSAGES.uploaded);
      onDone?.();
    },
    onError: (error) => notifyError(errorMessage(error, JS_ERROR_MESSAGES.uploadFailed), JS_ERROR_MESSAGES.uploadFailed),
  });
}
