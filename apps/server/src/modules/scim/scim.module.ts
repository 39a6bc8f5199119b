import { serverModule, type DepsOf } from '../../platform/server-module';
import { SCIM_BASE_PATH } from '@replay/contracts';
import { createScimAdminService } from './scim-admin.service';
import { createScimGroupsService } from './scim-groups.service';
import { createScimUsersService } from './scim-users.service';
import { scimAdminRoutes, scimRoutes } from './scim.routes';

/** SCIM 2.0 provisioning (issue 45): the identity provider's Users and Groups, and the owner's token and group roles. */
export const scimModule = serverModule({
  name: 'scim',
  services: (ctx, uses: Pick<DepsOf<typeof createScimUsersService>, 'members'>) => {
    const baseUrl = `${ctx.env.publicUrl.replace(/\/+$/, '')}${SCIM_BASE_PATH}`;
    return {
      scimAdmin: createScimAdminService({ db: ctx.db, clock: ctx.clock, publicUrl: ctx.env.publicUrl }),
      scimUsers: createScimUsersService({ db: ctx.db, clock: ctx.clock, baseUrl, members: uses.members }),
      scimGroups: createScimGroupsService({ db: ctx.db, clock: ctx.clock, baseUrl }),
    };
  },
  api: [scimRoutes, scimAdminRoutes],
});
