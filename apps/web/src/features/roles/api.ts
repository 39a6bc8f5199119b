import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ROLE_MESSAGES, endpointPath, endpoints, type RoleInput } from '@replay/contracts';
import { call, createQueryKeys, isForbidden, isNotFound, request } from '../../lib/api';

export const roleKeys = createQueryKeys('roles');

/** GET /client/roles: every role of the account (a short list: no paging). */
export function useRoles() {
  return useQuery({
    queryKey: roleKeys.lists(),
    queryFn: ({ signal }) => call(endpoints.roles, {}, { signal }),
  });
}

/** GET /client/roles/{id}: one role as the server has it now, read when its dialog opens. */
export function useRole(roleId: string | null) {
  return useQuery({
    queryKey: roleKeys.detail(roleId ?? ''),
    queryFn: ({ signal }) => call(endpoints.role, { params: { id: roleId ?? '' } }, { signal }),
    enabled: roleId !== null,
    // The form starts from this copy: always the current one, never a cached one.
    staleTime: 0,
    gcTime: 0,
  });
}

function useRolesChanged() {
  const queryClient = useQueryClient();
  // A role change shows in the role list and in the role badges of members ('members' is their key domain).
  return () => {
    void queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
    // A role's detail is read afresh whenever its dialog opens; the open one closes now, so no refetch.
    void queryClient.invalidateQueries({ queryKey: roleKeys.details(), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['members'] });
  };
}

/** PUT /client/roles creates. */
export function useCreateRole() {
  const changed = useRolesChanged();
  return useMutation({
    mutationFn: (input: RoleInput) => call(endpoints.createRole, { body: input }),
    onSuccess: changed,
  });
}

/** POST /client/roles/{id} updates (instances as an id list). */
export function useUpdateRole() {
  const changed = useRolesChanged();
  return useMutation({
    mutationFn: ({ roleId, input }: { roleId: string; input: RoleInput }) => {
      if (!roleId) return Promise.reject(new Error(ROLE_MESSAGES.idRequired));
      return call(endpoints.updateRole, { params: { id: roleId }, body: input });
    },
    onSuccess: changed,
  });
}

export function useDeleteRole() {
  const changed = useRolesChanged();
  return useMutation({
    mutationFn: (roleId: string) => call(endpoints.deleteRole, { params: { id: roleId } }),
    onSuccess: changed,
  });
}

/** Only what the scope picker needs of an instance; the rest of the answer is ignored. */
const instanceChoicesSchema = z.object({
  instances: z.array(z.object({ instanceId: z.string(), name: z.string() })),
  total: z.number().int(),
});
export type InstanceChoice = z.infer<typeof instanceChoicesSchema>['instances'][number];

/** The largest page the instances list serves. */
const CHOICES_PAGE = 100;

/**
 * Every instance of the account, for a role's instance scope (all pages of
 * GET /managed-saas/instances). `unavailable` when the list cannot be read
 * here: the route is missing (404) or this user may not view instances (403).
 */
export function useInstanceChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['instances', 'role-choices'],
    enabled,
    retry: false,
    queryFn: async ({ signal }): Promise<{ instances: InstanceChoice[]; unavailable: boolean }> => {
      const all: InstanceChoice[] = [];
      try {
        for (let page = 1; ; page += 1) {
          const path = endpointPath(endpoints.instances, undefined, { page, limit: CHOICES_PAGE });
          const { instances, total } = await request(path, instanceChoicesSchema, { signal });
          all.push(...instances);
          if (instances.length === 0 || all.length >= total) break;
        }
      } catch (error) {
        if (isNotFound(error) || isForbidden(error)) return { instances: [], unavailable: true };
        throw error;
      }
      return { instances: all, unavailable: false };
    },
  });
}
