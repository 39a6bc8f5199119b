import type { SessionOpeningRead } from '../auth';
import { PAGE_SIZES } from '../constants';
import { endpointPath } from '../endpoint';
import { API_PREFIX } from '../http';
import { LIVE_POSITION_HEADER } from '../instances/live-status';
import { accountEndpoints } from './account';
import { instanceEndpoints } from './instances';
import { systemEndpoints } from './system';

/**
 * The call each read of a session's opening is (GET /refresh?with=…), as the app makes it:
 * the server answers each by making that very call with the new token (so its guard, its
 * checks and its answer are the call's own), and a signed-in page's loader hands each answer
 * to the app's call of that address. Kept apart from the endpoint groups' index: the public
 * pages bundle the session's start without the instances' rules.
 */
export const SESSION_OPENING_READ_PATHS: Readonly<Record<SessionOpeningRead, string>> = {
  'public-config': `${API_PREFIX}${endpointPath(systemEndpoints.publicConfig)}`,
  account: `${API_PREFIX}${endpointPath(accountEndpoints.account)}`,
  instances: `${API_PREFIX}${endpointPath(instanceEndpoints.instances, undefined, { page: 1, limit: PAGE_SIZES.instances })}`,
};

/** The answer headers the app reads from these calls (the list's live position), which the refresh's answer carries along. */
export const SESSION_OPENING_HEADERS: readonly string[] = [LIVE_POSITION_HEADER];
