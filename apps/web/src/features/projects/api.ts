import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { appendSite, endpoints, type CreateProjectInput, type Project, type Projects } from '@replay/contracts';
import { call } from '../../lib/api';
import { accountKeys } from '../account/api';
import { siteKeys } from './sites';

export { siteKeys, useSites } from './sites';

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
    onSuccess: (site) => queryClient.setQueryData<Projects>(siteKeys.lists(), (list) => (list ? { ...list, projects: list.projects.map((p) => (p.siteId === site.siteId ? site : p)) } : list)),
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
