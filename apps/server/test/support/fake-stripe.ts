import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API (it cannot be reached from here), speaking its wire format
 * for the calls the console's Stripe adapter makes, with Stripe's own test PaymentMethods:
 * pm_card_visa pays, pm_card_chargeDeclined is declined, and
 * pm_card_chargeDeclinedInsufficientFunds lacks funds. Idempotency keys replay the first
 * answer, as Stripe's do. The adapter runs the real `stripe` library against it.
 */
export interface FakeStripe {
  url: string;
  /** Every request, as method and path. */
  calls: string[];
  /** PaymentIntents created (an idempotent replay creates none). */
  intents: { amount: number; currency: string; customer: string; payment_method: string }[];
  close(): Promise<void>;
}

const TEST_METHODS: Record<string, { brand: string; last4: string; outcome: 'ok' | 'declined' | 'insufficient' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'ok' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient' },
};

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

const cardError = (code: string, decline: string, message: string) => ({ status: 402, body: { error: { type: 'card_error', code, decline_code: decline, message } } });

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: string[] = [];
  const intents: FakeStripe['intents'] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  const id = (prefix: string) => `${prefix}_fake${(counter += 1)}`;

  async function answer(method: string, path: string, form: Record<string, string>): Promise<{ status: number; body: unknown }> {
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: id('cus'), object: 'customer', name: form.name, email: form.email } };
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (method === 'POST' && attach) {
      const pm = decodeURIComponent(attach[1]!);
      const known = TEST_METHODS[pm];
      if (!known) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${pm}'` } } };
      return { status: 200, body: { id: pm, object: 'payment_method', type: 'card', customer: form.customer, card: { brand: known.brand, last4: known.last4, exp_month: 12, exp_year: 2034 } } };
    }
    if (method === 'POST' && /^\/v1\/customers\/[^/]+$/.test(path)) return { status: 200, body: { id: path.split('/').pop(), object: 'customer' } };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const known = TEST_METHODS[form.payment_method ?? ''];
      if (known?.outcome === 'declined') return cardError('card_declined', 'generic_decline', 'Your card was declined.');
      if (known?.outcome === 'insufficient') return cardError('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      intents.push({ amount: Number(form.amount), currency: form.currency!, customer: form.customer!, payment_method: form.payment_method! });
      return { status: 200, body: { id: id('pi'), object: 'payment_intent', status: 'succeeded', amount: Number(form.amount) } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      calls.push(`${req.method} ${path}`);
      const key = req.headers['idempotency-key'];
      const form = await formOf(req);
      const replay = typeof key === 'string' ? replays.get(key) : undefined;
      const result = replay ?? (await answer(req.method ?? 'GET', path, form));
      if (typeof key === 'string' && !replay) replays.set(key, result);
      res.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(result.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    intents,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
