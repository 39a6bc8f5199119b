import { endpoint } from '../endpoint';
import { okSchema } from '../members';
import { createProjectSchema, projectParamsSchema, projectSchema, projectsSchema, renameProjectSchema } from '../projects';
import { guardFor } from '../screens';

/**
 * Projects (sites): read with the instances they belong to, changed as an instance is
 * (EDIT_INSTANCES), each within the caller's instances; another account's, or an
 * instance outside the role's, is a 404.
 */
export const projectEndpoints = {
  projects: endpoint({ method: 'GET', path: '/projects', guard: guardFor('instances'), response: projectsSchema }),
  createProject: endpoint({
    method: 'POST',
    path: '/projects',
    guard: guardFor('instancesEdit'),
    body: createProjectSchema,
    response: projectSchema,
    status: 201,
    audit: { label: 'Project create' },
  }),
  renameProject: endpoint({
    method: 'PUT',
    path: '/projects/:id',
    guard: guardFor('instancesEdit'),
    params: projectParamsSchema,
    body: renameProjectSchema,
    response: projectSchema,
    audit: { label: 'Project rename' },
  }),
  deleteProject: endpoint({
    method: 'DELETE',
    path: '/projects/:id',
    guard: guardFor('instancesEdit'),
    params: projectParamsSchema,
    response: okSchema,
    audit: { label: 'Project delete' },
  }),
} as const;
