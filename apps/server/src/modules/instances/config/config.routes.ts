import type { FastifyPluginAsync } from 'fastify';
import { plainAddress } from '@replay/agent-protocol';
import { endpoints } from '@replay/contracts';
import { mount } from '../../../platform/mount';
import { principalOf } from '../../../plugins/guard';

/** The instance's configuration (spec section 7's `…/config`, `…/config-sso` and `…/config-disk-usage`): the CORS tab with its origin check, SSO, the data retention and the maintenance window. */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const { accessList, config, maintenance, sso } = app.services;

  mount(app, endpoints.instanceConfig, async (request) => config.read(principalOf(request), request.params.id));

  mount(app, endpoints.saveInstanceConfig, async (request) => config.saveCors(principalOf(request), request.params.id, request.body.ingressAnnotations));

  mount(app, endpoints.retention, async (request) => config.readRetention(principalOf(request), request.params.id));

  mount(app, endpoints.saveRetention, async (request) => config.saveRetention(principalOf(request), request.params.id, request.body.days));

  mount(app, endpoints.saveAccountRetention, async (request) => config.saveRetentionForAccount(principalOf(request), request.body.days));

  mount(app, endpoints.maintenanceWindow, async (request) => maintenance.read(principalOf(request), request.params.id));

  mount(app, endpoints.saveMaintenanceWindow, async (request) => maintenance.save(principalOf(request), request.params.id, request.body.cron));

  mount(app, endpoints.ssoConfig, async (request) => sso.read(principalOf(request), request.params.id));

  mount(app, endpoints.saveSsoConfig, async (request) => sso.save(principalOf(request), request.params.id, request.body));

  mount(app, endpoints.removeSsoConfig, async (request) => sso.remove(principalOf(request), request.params.id));

  // The caller's address as the console's trusted-proxy rule reads it (config/trust-proxy.ts), for "Add my address".
  mount(app, endpoints.accessList, async (request) => accessList.read(principalOf(request), request.params.id, request.ip ? plainAddress(request.ip) : null));

  mount(app, endpoints.saveAccessList, async (request) => accessList.save(principalOf(request), request.params.id, request.body.entries, request.ip || null));

  mount(app, endpoints.accessCheck, async (request) => accessList.check(principalOf(request), request.params.id, request.body.address));

  mount(app, endpoints.corsCheck, async (request) => config.check(principalOf(request), request.params.id, request.body.origin));
};
