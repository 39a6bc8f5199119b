import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { tokenFor } from '../support/team';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** What Standard Webhooks' own verify made of it with the secret known then (null: no secret set). */
  verified: unknown;
  verifyError: string | null;
}

/**
 * A webhook receiver on 127.0.0.1: records every request, verifies each with the
 * `standardwebhooks` library against `secret`, and answers `status`.
 */
export async function startReceiver(): Promise<{
  url: string;
  port: number;
  received: Received[];
  secret: string | null;
  status: number;
  close(): Promise<void>;
}> {
  const state = {
    url: '',
    port: 0,
    received: [] as Received[],
    secret: null as string | null,
    status: 200,
    close: async () => undefined as void,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown = null;
      let verifyError: string | null = null;
      if (state.secret) {
        try {
          verified = new StandardWebhook(state.secret).verify(body, req.headers as Record<string, string>);
        } catch (err) {
          verifyError = (err as Error).message;
        }
      }
      state.received.push({ headers: req.headers, body, verified, verifyError });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.status < 300 ? 'ok' : `receiver says no: ${'x'.repeat(4000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}/hooks`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

export const saveWebhook = (t: Pick<TestApp, 'app'>, who: SignedIn | { jwt: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/webhooks', headers: bearer(who.jwt), payload });

export const createRole = (t: Pick<TestApp, 'app'>, who: SignedIn, name: string) => t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(who.jwt), payload: { name } });

export async function deliveriesOf(t: Pick<TestApp, 'app'>, who: SignedIn, webhookId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/webhooks/${webhookId}/deliveries?limit=100`, headers: bearer(who.jwt) });
  if (res.statusCode !== 200) throw new Error(`deliveries: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { deliveries: import('@replay/contracts').WebhookDelivery[]; total: number } }).data;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A suite's start: a console allowing private targets (the receiver is on loopback), its
 * owner and a receiver, reset before each test. `advance` moves the test clock and signs
 * the owner a fresh access token at the new time.
 */
export function receiverSuite() {
  const s = {} as { t: TestApp; owner: SignedIn; receiver: Receiver };
  const renew = async () => {
    s.owner.jwt = await tokenFor(s.t, { userId: s.owner.user.userId, tenantId: s.owner.user.tenantId });
  };
  beforeAll(async () => {
    ({ t: s.t, owner: s.owner } = await appWithOwner({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }));
    s.receiver = await startReceiver();
  });
  afterAll(async () => {
    await s.t.close();
    await s.receiver.close();
  });
  beforeEach(async () => {
    s.receiver.received.length = 0;
    s.receiver.status = 200;
    await renew();
  });
  return {
    s,
    async advance(ms: number): Promise<void> {
      s.t.clock.advance(ms);
      await renew();
    },
    /** A webhook to the receiver, whose secret the receiver then verifies with. */
    async newHook(eventTypes: string[], extra: Record<string, unknown> = {}) {
      const res = await saveWebhook(s.t, s.owner, { name: 'Receiver', endpoint: s.receiver.url, eventTypes, ...extra });
      expect(res.statusCode).toBe(200);
      const { webhook, secret } = res.json().data as { webhook: { webhookId: string }; secret: string };
      s.receiver.secret = secret;
      return { id: webhook.webhookId, secret };
    },
    removeHook: (id: string) => s.t.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: bearer(s.owner.jwt) }),
  };
}
