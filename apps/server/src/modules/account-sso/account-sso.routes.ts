import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';
import { assertOwner } from './account-sso.service';
import { mountSsoTest } from './account-sso.sign-in.routes';

/** The owner's single sign-on settings: the connection, its enforcement and the claimed domains. */
export const accountSsoRoutes: FastifyPluginAsync = async (app) => {
  const { accountSso, ssoDomains } = app.services;
  // The owner's alone, whatever else a member holds: judged before the body is, so any other caller meets 403, never a 400 that tells them the form.
  app.addHook('preValidation', async (request) => assertOwner(principalOf(request)));
  mount(app, endpoints.getSsoSettings, async (request) => accountSso.settings(principalOf(request)));
  mount(app, endpoints.saveSsoConnection, async (request) => accountSso.save(principalOf(request), request.body));
  mount(app, endpoints.deleteSsoConnection, async (request) => accountSso.remove(principalOf(request)));
  mount(app, endpoints.setSsoEnforcement, async (request) => accountSso.setEnforced(principalOf(request), request.body.enforced));
  mount(app, endpoints.claimSsoDomain, async (request) => ssoDomains.claim(principalOf(request), request.body.email));
  mount(app, endpoints.verifySsoDomain, async (request) => ssoDomains.verify(principalOf(request), request.params.id, request.body.code));
  mountSsoTest(app);
  mount(app, endpoints.deleteSsoDomain, async (request) => ssoDomains.remove(principalOf(request), request.params.id));
};
