import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/errors';
import { fromThisMachine } from '../../lib/this-machine';
import { closeAccountNow } from './billing.operator';

/** The header `npm run billing` sends: a page in a browser on this machine cannot send it without a preflight, which nothing answers. */
export const OPERATOR_HEADER = 'x-console-operator';
export const OPERATOR_CLOSE_PATH = '/operator/billing/close-period';

const bodySchema = z.object({ account: z.string().min(1).max(320) }).strict();

/**
 * The operator's commands, from the server's own machine only (as the outbox): closing an
 * account's running period now, as the month's end would (a test clock for trying billing
 * end to end, and an operator's tool when an account leaves). Outside the API: no member of
 * any account may call it.
 */
export const billingOperatorRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post(OPERATOR_CLOSE_PATH, async (request) => {
    if (!fromThisMachine(request) || request.headers[OPERATOR_HEADER] !== 'close-period') throw forbidden('Operator commands are taken only from the server machine.');
    const parsed = bodySchema.safeParse(request.body);
    if (!parsed.success) throw new AppError('validation_failed', ['Name the account: its id or its owner’s email.']);
    const result = await closeAccountNow(ctx, parsed.data.account);
    if (!result) throw new AppError('not_found', ['No account has that id or owner email.']);
    return { data: result };
  });
};
