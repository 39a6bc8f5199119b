import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { appendSite, endpoints, type CreateProjectInput, type Project, type Projects } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';
import { accountKeys } from '../account/api';

/**
 * The session's site list (spec section 4, Session): the projects the member reaches, read
 * once per session and kept in the session's query cache, which the session's end clears
 * with everything else read under the token.
 */
export const siteKeys = createQueryKeys('sites');

/** GET /projects: the site list (oldest first) and the account's `limits.sites`; `enabled` false asks nothing. */
export function useSites(enabled = true) {
  return useQuery({ queryKey: siteKeys.lists(), queryFn: ({ signal }) => call(endpoints.projects, {}, { signal }), enabled });
}

/** Spec: 'A new site is appended to the site list'; the site it took comes off what remains. */
export function appendToSiteList(queryClient: QueryClient, site: Project): void {
  queryClient.setQueryData<Projects>(siteKeys.lists(), (list) => {
    if (!list) return list;
    const projects = appendSite(list.projects, site);
    const added = projects.length - list.projects.length;
    return { projects, sites: { ...list.sites, remaining: Math.max(0, list.sites.remaining - added) } };
  });
}

/** POST /projects: the new site goes to the end of the session's list at once; the account's limits are read again. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => call(endpoints.createProject, { body: input }),
    onSuccess: (site) => {
      appendToSiteList(queryClient, site);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

/** PUT /projects/{id}: the renamed site takes its place in the list. */
export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, name }: { siteId: string; name: string }) => call(endpoints.renameProject, { params: { id: siteId }, body: { name } }),
    onSuccess: (site) =>
      queryClient.setQueryData<Projects>(siteKeys.lists(), (list) =>
        list ? { ...list, projects: list.projects.map((p) => (p.siteId === site.siteId ? site : p)) } : list,
      ),
  });
}

/** DELETE /projects/{id}: the list and the account's limits are read again. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteId: string) => call(endpoints.deleteProject, { params: { id: siteId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
