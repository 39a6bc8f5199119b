import { instanceAccessParamsSchema, instanceAccessQuerySchema, instanceAccessSchema, subjectAccessQuerySchema, subjectAccessSchema } from '../permission-viewer';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

/**
 * The permission viewer (issue 18, point 6). EDIT_MEMBERS holders already see every
 * member's role, every role's permissions and instances (the invite form's role list)
 * and every key's role: the viewer shows them nothing more. For people only, as the
 * key list is. The instance must be one the caller reaches (404 otherwise).
 */
export const permissionViewerEndpoints = {
  subjectAccess: endpoint({
    method: 'GET',
    path: '/client/permissions/member',
    guard: guardFor('membersEdit'),
    query: subjectAccessQuerySchema,
    response: subjectAccessSchema,
    peopleOnly: true,
  }),
  instanceAccess: endpoint({
    method: 'GET',
    path: '/client/permissions/instance/:id',
    guard: guardFor('membersEdit'),
    params: instanceAccessParamsSchema,
    query: instanceAccessQuerySchema,
    response: instanceAccessSchema,
    peopleOnly: true,
  }),
} as const;
