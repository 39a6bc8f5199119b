import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** The spend budget's calls (contracts' budgets.ts). */
export const budgetRoutes: FastifyPluginAsync = async (app) => {
  const { budgets } = app.services;

  mount(app, endpoints.budget, async (request) => budgets.status(principalOf(request)));

  mount(app, endpoints.saveBudget, async (request) => budgets.save(principalOf(request), request.body));

  mount(app, endpoints.removeBudget, async (request) => budgets.remove(principalOf(request)));
};
