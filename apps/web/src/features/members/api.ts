import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, endpoints, type MemberInput } from '@replay/contracts';
import { call } from '../../lib/api';
import { roleKeys } from '../roles/api';
import { memberKeys } from './keys';

export { memberKeys };
const limitsKey = ['limits'] as const;

/** GET /client/members: one page of the team, filtered by name, email or role on the server. */
export function useMembers(page: number, query: string) {
  return useQuery({
    queryKey: memberKeys.list({ page, query }),
    queryFn: ({ signal }) => call(endpoints.members, { query: { page, limit: PAGE_SIZES.members, query: query || undefined } }, { signal }),
    // The previous page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });
}

/** GET /client/roles for the invite form's Role select (open to EDIT_MEMBERS holders). */
export function useRoleChoices(enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.lists(),
    queryFn: ({ signal }) => call(endpoints.roles, {}, { signal }),
    enabled,
  });
}

/** GET /limits: seats left for team members. */
export function useLimits() {
  return useQuery({ queryKey: limitsKey, queryFn: ({ signal }) => call(endpoints.limits, {}, { signal }) });
}

/** GET /users/{id}: one member as the server has it now, read when the edit form opens. */
export function useMember(userId: string | null) {
  return useQuery({
    queryKey: memberKeys.detail(userId ?? ''),
    queryFn: ({ signal }) => call(endpoints.member, { params: { id: userId ?? '' } }, { signal }),
    enabled: userId !== null,
    // The form starts from this copy: always the current one, never a cached one.
    staleTime: 0,
    gcTime: 0,
  });
}

/** A change to the team changes members, role member counts and seats; nothing else. */
function useTeamChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: memberKeys.lists() });
    // A member's detail is read afresh whenever a form opens; the open one closes now, so no refetch.
    void queryClient.invalidateQueries({ queryKey: memberKeys.details(), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: roleKeys.all });
    void queryClient.invalidateQueries({ queryKey: limitsKey });
  };
}

export function useInviteMember() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (input: MemberInput) => call(endpoints.inviteMember, { body: input }),
    onSuccess: changed,
  });
}

export function useUpdateMember() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: MemberInput }) => call(endpoints.updateMember, { params: { id: userId }, body: input }),
    onSuccess: changed,
  });
}

export function useDeleteMember() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (userId: string) => call(endpoints.removeMember, { params: { id: userId } }),
    onSuccess: changed,
  });
}

/** GET /client/members/{id}/reset: a new joining link (mailed again); the expired flag clears. */
export function useRenewInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(endpoints.renewInvitation, { params: { id: userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
  });
}

/** The largest page the members list serves. */
const CHOICES_PAGE = 100;

/** Members as choices of a filter (the audit trail's User select): the first 100, by name. */
export function useMemberChoices(enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.list({ page: 1, limit: CHOICES_PAGE }),
    queryFn: ({ signal }) => call(endpoints.members, { query: { page: 1, limit: CHOICES_PAGE } }, { signal }),
    enabled,
  });
}
