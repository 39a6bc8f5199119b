import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** Account › API keys (issue 18): GET/POST /client/api-keys, POST …/{id}/rotate, DELETE …/{id}. */
export const apiKeysRoutes: FastifyPluginAsync = async (app) => {
  const { apiKeys, freshProof } = app.services;

  mount(app, endpoints.apiKeys, async (request) => apiKeys.list(principalOf(request)));
  // A key is a credential that outlives the session: minting one, or a new secret for one, needs a fresh proof of identity.
  mount(app, endpoints.createApiKey, async (request) => {
    await freshProof.require(principalOf(request));
    return apiKeys.create(principalOf(request), request.body);
  });
  mount(app, endpoints.rotateApiKey, async (request) => {
    await freshProof.require(principalOf(request));
    return apiKeys.rotate(principalOf(request), request.params.id);
  });
  mount(app, endpoints.revokeApiKey, async (request) => apiKeys.revoke(principalOf(request), request.params.id));
};
