import { useQuery } from '@tanstack/react-query';
import { projectEndpoints } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';

/**
 * The session's site list (spec section 4, Session): the projects the member reaches, read
 * once per session and kept in the session's query cache, which the session's end clears
 * with everything else read under the token. A module of its own, on the projects' endpoint
 * group alone: the instances list (a landing screen) reads it for its checklist.
 */
export const siteKeys = createQueryKeys('sites');

/** GET /projects: the site list (oldest first) and the account's `limits.sites`; `enabled` false asks nothing. */
export function useSites(enabled = true) {
  return useQuery({ queryKey: siteKeys.lists(), queryFn: ({ signal }) => call(projectEndpoints.projects, {}, { signal }), enabled });
}
