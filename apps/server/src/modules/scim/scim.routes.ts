import type { FastifyPluginAsync } from 'fastify';
import { SCIM_MEDIA_TYPE, endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';
import { scimCallerOf } from '../../plugins/guard-scim';
import { discovery } from './scim-resources';

/**
 * The SCIM service (RFC 7644) under /api/scim/v2, guard 'scim': each call acts for the account
 * of the token it came with. Identity providers send `application/scim+json`, read as JSON.
 */
export const scimRoutes: FastifyPluginAsync = async (app) => {
  const { scimUsers, scimGroups, scimAdmin } = app.services;
  app.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  const docs = discovery(scimAdmin.baseUrl);

  mount(app, endpoints.scimServiceProviderConfig, async () => docs.serviceProviderConfig);
  mount(app, endpoints.scimResourceTypes, async () => docs.resourceTypes);
  mount(app, endpoints.scimSchemas, async () => docs.schemas);

  mount(app, endpoints.scimUsers, async (request) => scimUsers.list(scimCallerOf(request), request.query));
  mount(app, endpoints.scimUser, async (request) => scimUsers.get(scimCallerOf(request), request.params.id));
  mount(app, endpoints.scimCreateUser, async (request) => scimUsers.create(scimCallerOf(request), request.body));
  mount(app, endpoints.scimReplaceUser, async (request) => scimUsers.replace(scimCallerOf(request), request.params.id, request.body));
  mount(app, endpoints.scimPatchUser, async (request) => scimUsers.patch(scimCallerOf(request), request.params.id, request.body.Operations));
  mount(app, endpoints.scimDeleteUser, async (request) => {
    await scimUsers.remove(scimCallerOf(request), request.params.id);
    return null;
  });

  mount(app, endpoints.scimGroups, async (request) => scimGroups.list(scimCallerOf(request), request.query));
  mount(app, endpoints.scimGroup, async (request) => scimGroups.get(scimCallerOf(request), request.params.id));
  mount(app, endpoints.scimCreateGroup, async (request) => scimGroups.create(scimCallerOf(request), request.body));
  mount(app, endpoints.scimReplaceGroup, async (request) => scimGroups.replace(scimCallerOf(request), request.params.id, request.body));
  mount(app, endpoints.scimPatchGroup, async (request) => scimGroups.patch(scimCallerOf(request), request.params.id, request.body.Operations));
  mount(app, endpoints.scimDeleteGroup, async (request) => {
    await scimGroups.remove(scimCallerOf(request), request.params.id);
    return null;
  });
};

/** The owner's calls: the token and the groups' roles. */
export const scimAdminRoutes: FastifyPluginAsync = async (app) => {
  const { scimAdmin, freshProof } = app.services;
  // Owners only, judged before the input is: a member who is no owner learns nothing from validation.
  app.addHook('preValidation', async (request) => scimAdmin.assertOwner(principalOf(request)));
  mount(app, endpoints.scimProvisioning, async (request) => scimAdmin.provisioning(principalOf(request)));
  // The token mints members and outlives the session: as for an API key, a fresh proof of identity first.
  mount(app, endpoints.createScimToken, async (request) => {
    await freshProof.require(principalOf(request));
    return scimAdmin.createToken(principalOf(request));
  });
  mount(app, endpoints.revokeScimToken, async (request) => {
    await scimAdmin.revokeToken(principalOf(request));
    return { ok: true as const };
  });
  mount(app, endpoints.mapScimGroup, async (request) => scimAdmin.mapGroup(principalOf(request), request.params.id, request.body.roleId));
};
