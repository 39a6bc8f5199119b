import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** The caller's own account: read it, change it, change its password. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { accounts, passwords } = app.services;

  mount(app, endpoints.account, async (request) => accounts.build(principalOf(request)));

  mount(app, endpoints.updateAccount, async (request) => accounts.update(principalOf(request), request.body));

  mount(app, endpoints.updateAvatar, async (request) => accounts.setAvatar(principalOf(request), request.body));

  mount(app, endpoints.changePassword, async (request) => {
    const principal = principalOf(request);
    await passwords.change(principal, request.body);
    // The change cleared `changePassword`: the answer says so.
    return accounts.build({ ...principal, passwordChangeRequired: false });
  });
};
