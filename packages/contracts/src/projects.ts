import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { safeText, safeUuid, uuidParamsSchema } from './safe';

/**
 * Projects, the spec's sites (issue 16): what a tracker records into, and what the
 * `/{siteId}/…` screens (alerts, errors, onboarding) are about. Each belongs to one
 * instance of the account; every instance has a default project, whose id is the
 * instance's own (so every `/{instanceId}/…` link made before projects names it), and
 * which stays as long as the instance does. A project's key is made by the console.
 */

/** A project's name: the spec's inline-edit name limit (section 5, 80), as the list renames it in place. */
export const PROJECT_NAME_MAX = TEXT_LIMITS.inlineName;

export const PROJECT_MESSAGES = {
  notFound: 'Project not found.',
  nameRequired: 'Name is required.',
  nameTaken: 'This instance already has a project with this name.',
  instanceNotFound: 'Instance not found.',
  /** The account's cap (ACCOUNT_LIMITS.sites), 409: deleting a project frees its place. */
  limit: (limit: number) => `Your account has reached its limit of ${limit} ${limit === 1 ? 'project' : 'projects'}. Delete one, or contact support to raise the limit.`,
  defaultKept: 'An instance’s default project cannot be deleted: it goes with its instance.',
  created: (name: string) => `Project ${name} created`,
  renamed: 'Project renamed',
  deleted: 'Project deleted',
  deleteConfirm: (name: string) => `Delete the project ${name}? Its key stops identifying it at once, and its alert rules and source maps are deleted with it.`,
  empty: 'No projects yet. Create an instance, or add a project to one.',
  limitReached: 'Your account has reached its project limit: delete a project to add another.',
  keyForAdmins: 'Shown to admins',
} as const;

export const projectNameSchema = safeText(PROJECT_NAME_MAX).min(1, PROJECT_MESSAGES.nameRequired);

/** One project as the list shows it; `siteId` is the id the spec's `/{siteId}/…` routes take. */
export const projectSchema = z.object({
  siteId: z.string(),
  instanceId: z.string(),
  instanceName: z.string(),
  name: z.string(),
  /** The console makes it (never a member); shown to admins only, as the account's own key is (null for others). */
  projectKey: z.string().nullable(),
  /** The instance's own project, made with it; it cannot be deleted. */
  isDefault: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

const limitSchema = z.object({ limit: z.number().int(), remaining: z.number().int() });

/** The projects the caller reaches, oldest first, and the account's `limits.sites` as GET /limits says it. */
export const projectsSchema = z.object({ projects: z.array(projectSchema), sites: limitSchema });
export type Projects = z.infer<typeof projectsSchema>;

export const createProjectSchema = z.strictObject({
  instanceId: safeUuid(PROJECT_MESSAGES.instanceNotFound),
  name: projectNameSchema,
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

export const renameProjectSchema = z.strictObject({ name: projectNameSchema });
export type RenameProjectInput = z.infer<typeof renameProjectSchema>;

export const projectParamsSchema = uuidParamsSchema(PROJECT_MESSAGES.notFound);

/**
 * `?siteId=` on an instance's alert and error calls: the project of that instance they are about
 * (the `/{siteId}/…` screen's). Absent: the instance's default project, whose id is the instance's,
 * so a call made before projects means what it meant. A project of another instance is a 404.
 */
export const siteIdField = safeUuid(PROJECT_MESSAGES.notFound).optional();
export const siteQuerySchema = z.strictObject({ siteId: siteIdField });
export type SiteQuery = z.infer<typeof siteQuerySchema>;

/**
 * Spec section 4, Session: 'A new site is appended to the site list.' A site already in the
 * list (the same answer seen twice) is not added again; the order is the list's.
 */
export function appendSite<T extends { siteId: string }>(sites: readonly T[], site: T): T[] {
  return sites.some((s) => s.siteId === site.siteId) ? [...sites] : [...sites, site];
}
