import type { FastifyPluginAsync } from 'fastify';
import { OFFLINE_CARD_MESSAGES, OFFLINE_TOKENS_PATH, offlineTokenRequestSchema } from '@replay/contracts';
import { AppError } from '../../lib/errors';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import { PaymentRefused } from '../billing/payment-provider.door';
import { tokenizeCard } from '../billing/offline-cards.door';

/**
 * The offline provider's tokenizer, outside the console's API (/api) as a card network's
 * tokenizer is outside it: the browser posts the card here and gives the console only the
 * token. Its answers are its own, `{ id, card }` or `{ message, code }`, which the billing
 * form shows as the provider's message. Only for the offline provider: with Stripe, cards
 * go to Stripe.
 */
export const offlinePaymentsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  if (ctx.env.paymentProvider !== 'offline') return;
  const limits = rateLimiter(ctx);

  app.post(OFFLINE_TOKENS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await limits.hit([{ key: rateKeys.cardTokensFromAddress(request.ip), rule: RATE_RULES.cardTokensFromAddress }], 'Too many cards tried. Try again later.');
    } catch (err) {
      if (err instanceof AppError) return reply.status(err.status).headers(err.headers).send({ message: err.messages[0], code: 'rate_limited' });
      throw err;
    }
    const parsed = offlineTokenRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      return reply.status(400).send({ message: parsed.error.issues[0]?.message ?? OFFLINE_CARD_MESSAGES.number, code: 'invalid_request' });
    }
    try {
      return await tokenizeCard(ctx, parsed.data);
    } catch (err) {
      if (err instanceof PaymentRefused) return reply.status(402).send({ message: err.message, code: err.code });
      throw err;
    }
  });
};
