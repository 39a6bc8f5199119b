import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JS_ERROR_MESSAGES, PAGE_SIZE_ERRORS, endpoints, type SourceMapBody } from '@replay/contracts';
import { call, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { Site } from '../projects/SiteScope';

/** A site's JavaScript errors (read from its instance) and its source map uploads: the calls name the instance and, in `?siteId=`, its project. */
export const jsErrorKeys = {
  list: (site: Site, page: number) => ['js-errors', site.siteId, page] as const,
  one: (site: Site, errorId: string) => ['js-error', site.siteId, errorId] as const,
  maps: (site: Site) => ['source-maps', site.siteId] as const,
};
const on = (site: Site) => ({ siteId: site.siteId });

/** The site's uploaded source maps (GET …/source-maps), newest first. */
export function useSourceMaps(site: Site) {
  return useQuery({
    queryKey: jsErrorKeys.maps(site),
    queryFn: ({ signal }) => call(endpoints.sourceMaps, { params: { id: site.instanceId }, query: on(site) }, { signal }),
  });
}

/** Removes a map; the list and every error of the site are read again (their frames may no longer resolve). */
export function useRemoveSourceMap(site: Site, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapId: string) => call(endpoints.deleteSourceMap, { params: { id: site.instanceId, mapId }, query: on(site) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jsErrorKeys.maps(site) });
      void queryClient.invalidateQueries({ queryKey: ['js-error', site.siteId] });
      notifySuccess(JS_ERROR_MESSAGES.sourceMapRemoved);
      onDone?.();
    },
    onError: (error) => notifyError(errorMessage(error, JS_ERROR_MESSAGES.sourceMapRemoveFailed)),
  });
}

export function useSiteErrors(site: Site, page: number) {
  return useQuery({
    queryKey: jsErrorKeys.list(site, page),
    queryFn: ({ signal }) => call(endpoints.instanceErrors, { params: { id: site.instanceId }, query: { page, limit: PAGE_SIZE_ERRORS, ...on(site) } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSiteError(site: Site, errorId: string) {
  return useQuery({
    queryKey: jsErrorKeys.one(site, errorId),
    queryFn: ({ signal }) => call(endpoints.instanceError, { params: { id: site.instanceId, errorId }, query: on(site) }, { signal }),
  });
}

/** Uploads a map, then reads the error again so that its frames resolve. */
export function useUploadSourceMap(site: Site, errorId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SourceMapBody) => call(endpoints.uploadSourceMap, { params: { id: site.instanceId }, query: on(site), body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jsErrorKeys.one(site, errorId) });
      void queryClient.invalidateQueries({ queryKey: jsErrorKeys.maps(site) });
      notifySuccess(JS_ERROR_MESSAGES.uploaded);
      onDone?.();
    },
    onError: (error) => notifyError(errorMessage(error, JS_ERROR_MESSAGES.uploadFailed), JS_ERROR_MESSAGES.uploadFailed),
  });
}
