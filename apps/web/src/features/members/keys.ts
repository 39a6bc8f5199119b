import { createQueryKeys } from '../../lib/api';

/**
 * The members' query keys, apart from their calls (api.ts): the account's calls, which every
 * page loads, refresh the members list by them without bundling the team's endpoints.
 */
export const memberKeys = createQueryKeys('members');
