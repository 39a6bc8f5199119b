import { useQuery } from '@tanstack/react-query';
import { endpoints, type Permission } from '@replay/contracts';
import { call } from '../../lib/api';

/** Whose rights the viewer shows: one member or one API key. */
export type AccessSubject = { memberId: string } | { keyId: string };

const permissionKeys = ['permissions'] as const;

/** GET /client/permissions/member: what the subject may do on the instance, read afresh each time it opens. */
export function useSubjectAccess(subject: AccessSubject, instanceId: string | null) {
  return useQuery({
    queryKey: [...permissionKeys, 'subject', subject, instanceId],
    queryFn: ({ signal }) => call(endpoints.subjectAccess, { query: { ...subject, instanceId: instanceId ?? '' } }, { signal }),
    enabled: instanceId !== null,
    staleTime: 0,
  });
}

/** GET /client/permissions/instance/{id}?permission=P: who may exercise P on the instance. */
export function useInstanceAccess(instanceId: string | null, permission: Permission | null) {
  return useQuery({
    queryKey: [...permissionKeys, 'instance', instanceId, permission],
    queryFn: ({ signal }) => call(endpoints.instanceAccess, { params: { id: instanceId ?? '' }, query: { permission: permission ?? 'VIEW_INSTANCES' } }, { signal }),
    enabled: instanceId !== null && permission !== null,
    staleTime: 0,
  });
}
