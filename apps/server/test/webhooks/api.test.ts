import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, isWebhookEndpoint } from '@replay/contracts';
import { domainEvents, webhooks } from '../../src/db/schema';
import type { TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addMember, auditRowsOf } from '../support/team';
import { saveWebhook } from './support';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  ({ t, owner } = await appWithOwner({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }));
});
afterAll(() => t.close());

const valid = { name: 'Ops', endpoint: 'https://hooks.example.com/in', eventTypes: ['role.created'] };
// example.com resolves to public addresses; a resolver of our own keeps the tests off the network.
beforeAll(() => {
  t.runtime.ctx.resolveHost = async () => [{ address: '93.184.215.14', family: 4 }];
});

describe('the endpoint rule (spec section 5)', () => {
  it.each([
    ['https://hooks.example.com/path?q=1', true],
    ['http://example.co.uk:8080/x', true],
    ['http://localhost:3000/hook', true],
    ['http://localhost/hook', true],
    ['http://127.0.0.1:9000', true],
    ['http://[::1]:9000/x', true],
    ['ftp://example.com', false],
    ['https://nodot', false],
    ['https://user:pass@example.com', false],
    ['example.com', false],
    ['https://exa mple.com', false],
    ['https://-bad.example.com', false],
    ['https://example.123', false],
  ])('%s → %s', (url, ok) => expect(isWebhookEndpoint(url)).toBe(ok));
});

describe('saving a webhook', () => {
  it('answers the new webhook and its secret once, and never the auth header', async () => {
    const res = await saveWebhook(t, owner, { ...valid, authHeader: 'Bearer very-secret-token' });
    expect(res.statusCode).toBe(200);
    const { webhook, secret } = res.json().data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook).toMatchObject({ name: 'Ops', endpoint: valid.endpoint, type: 'webhook', authHeader: true, enabled: true, eventTypes: ['role.created'] });
    expect(res.body).not.toContain('very-secret-token');

    const list = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(owner.jwt) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.webhooks).toEqual([webhook]);
    expect(list.body).not.toContain('very-secret-token');
    expect(list.body).not.toContain(secret);

    // Stored sealed: neither credential is readable in the row.
    const [row] = await t.runtime.ctx.db.select().from(webhooks).where(eq(webhooks.id, webhook.webhookId));
    expect(JSON.stringify(row)).not.toContain('very-secret-token');
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));

    // Audited as 'Save webhook', the header redacted there too.
    const audited = (await auditRowsOf(t, owner.user.tenantId)).find((r) => r.action === 'Save webhook');
    expect(audited).toBeDefined();
    expect(JSON.stringify(audited)).not.toContain('very-secret-token');
    expect(JSON.stringify(audited)).not.toContain(secret);

    const [created] = await t.runtime.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'webhook.created'));
    expect(created!.payload).toMatchObject({ webhook: { id: webhook.webhookId, name: 'Ops' }, eventTypes: ['role.created'] });
  });

  it('updates: keeps the header when absent, removes it with null, and answers no secret', async () => {
    const created = (await saveWebhook(t, owner, { ...valid, authHeader: 'X' })).json().data.webhook;
    const kept = await saveWebhook(t, owner, { ...valid, webhookId: created.webhookId, name: 'Renamed' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ secret: null, webhook: { name: 'Renamed', authHeader: true } });
    const cleared = await saveWebhook(t, owner, { ...valid, webhookId: created.webhookId, authHeader: null });
    expect(cleared.json().data.webhook.authHeader).toBe(false);
  });

  it.each([
    [{ ...valid, name: '' }, WEBHOOK_MESSAGES.required],
    [{ ...valid, endpoint: '' }, WEBHOOK_MESSAGES.required],
    [{ ...valid, endpoint: 'not a url' }, WEBHOOK_MESSAGES.invalidEndpoint],
    [{ ...valid, endpoint: 'ftp://example.com/x' }, WEBHOOK_MESSAGES.invalidEndpoint],
    [{ ...valid, eventTypes: [] }, WEBHOOK_MESSAGES.noEventTypes],
    [{ ...valid, eventTypes: ['account.created'] }, WEBHOOK_MESSAGES.unknownEventType],
    [{ ...valid, eventTypes: ['webhook.disabled'] }, WEBHOOK_MESSAGES.unknownEventType],
  ])('refuses %j with its message', async (payload, message) => {
    const res = await saveWebhook(t, owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContain(message);
  });

  it('refuses an unknown field, and another account’s or an unknown id is 404', async () => {
    expect((await saveWebhook(t, owner, { ...valid, secret: 'mine' })).statusCode).toBe(400);
    const mine = (await saveWebhook(t, owner, valid)).json().data.webhook;
    const other = await signup(t);
    expect((await saveWebhook(t, other, { ...valid, webhookId: mine.webhookId })).statusCode).toBe(404);
    for (const [method, url] of [
      ['DELETE', `/api/webhooks/${mine.webhookId}`],
      ['POST', `/api/webhooks/${mine.webhookId}/rotate-secret`],
      ['POST', `/api/webhooks/${mine.webhookId}/test`],
      ['GET', `/api/webhooks/${mine.webhookId}/deliveries`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(other.jwt) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors).toEqual([WEBHOOK_MESSAGES.notFound]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(other.jwt) })).json().data.webhooks).toEqual([]);
  });
});

describe("the spec's payload and the auth header (issue 42)", () => {
  // Spec section 3: "Webhook: webhookId, type, name, endpoint, authHeader" — no event types.
  const spec = { name: 'Spec hook', endpoint: 'https://hooks.example.com/spec', authHeader: 'Bearer spec-token', type: 'webhook' };

  it('creates a webhook from the spec’s fields alone, subscribed to every event type the caller may see', async () => {
    const res = await saveWebhook(t, owner, spec);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.webhook).toMatchObject({ name: 'Spec hook', type: 'webhook', authHeader: true, eventTypes: [...WEBHOOK_EVENT_TYPES] });

    const editor = await addMember(t, owner.user.tenantId, { permissions: ['EDIT_INSTANCES'] });
    const limited = await saveWebhook(t, editor, spec);
    expect(limited.statusCode, limited.body).toBe(200);
    const types = limited.json().data.webhook.eventTypes as string[];
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((type) => type.startsWith('instance.') || type.startsWith('alert.'))).toBe(true);
    expect(types).toEqual(WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('instance.') || type.startsWith('alert.')));
  });

  it('keeps the stored event types when an update names none, and refuses one by a member who may not see them', async () => {
    const created = (await saveWebhook(t, owner, { ...valid, eventTypes: ['member.invited', 'instance.created'] })).json().data.webhook;
    const renamed = await saveWebhook(t, owner, { ...spec, webhookId: created.webhookId, name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.webhook).toMatchObject({ name: 'Renamed', eventTypes: ['member.invited', 'instance.created'] });
    // Moving the endpoint of a webhook carrying team events would send them to a member the Team screen is closed to.
    const editor = await addMember(t, owner.user.tenantId, { permissions: ['EDIT_INSTANCES'] });
    const moved = await saveWebhook(t, editor, { ...spec, webhookId: created.webhookId, endpoint: 'https://elsewhere.example.com/x' });
    expect(moved.statusCode).toBe(403);
    const [row] = await t.runtime.ctx.db.select().from(webhooks).where(eq(webhooks.id, created.webhookId));
    expect(row!.endpoint).toBe(spec.endpoint);
  });

  it.each([
    ['CR LF (header injection)', 'Bearer x\r\nX-Injected: 1'],
    ['LF', 'Bearer x\ny'],
    ['CR', 'Bearer x\ry'],
    ['a tab', 'Bearer\tx'],
    ['another C0 control', 'Bearer x\u0007'],
    ['DEL', 'Bearer x\u007f'],
    ['a C1 control', 'Bearer x\u0085'],
    ['beyond Latin-1', 'Bearer jeton-€'],
    ['an emoji', 'Bearer 🔑'],
  ])('refuses an auth header with %s (400, clear message, nothing saved)', async (_what, authHeader) => {
    const before = await t.runtime.ctx.db.select().from(webhooks);
    const res = await saveWebhook(t, owner, { ...spec, authHeader });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([WEBHOOK_MESSAGES.invalidAuthHeader]);
    expect(await t.runtime.ctx.db.select().from(webhooks)).toEqual(before);
  });

  it('accepts printable ASCII and Latin-1 in the auth header', async () => {
    const res = await saveWebhook(t, owner, { ...spec, authHeader: 'Basic dXNlcjpwYXNz ~!é©ÿ' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('who may', () => {
  it('needs EDIT_INSTANCES (the integrations screen)', async () => {
    const viewer = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'VIEW_BILLING', 'VIEW_MEMBERS'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: viewer.headers })).statusCode).toBe(403);
    expect((await saveWebhook(t, viewer, valid)).statusCode).toBe(403);
  });

  it('subscribes only to families whose screen the caller may open', async () => {
    const editor = await addMember(t, owner.user.tenantId, { permissions: ['EDIT_INSTANCES'] });
    expect((await saveWebhook(t, editor, { ...valid, eventTypes: ['instance.created'] })).statusCode).toBe(200);
    const team = await saveWebhook(t, editor, { ...valid, eventTypes: ['instance.created', 'member.invited'] });
    expect(team.statusCode).toBe(403);
    expect(team.json().errors).toEqual([WEBHOOK_MESSAGES.familyNotAllowed('team and roles')]);
    const billing = await saveWebhook(t, editor, { ...valid, eventTypes: ['invoice.paid'] });
    expect(billing.statusCode).toBe(403);
    const both = await addMember(t, owner.user.tenantId, { permissions: ['EDIT_INSTANCES', 'VIEW_BILLING'] });
    expect((await saveWebhook(t, both, { ...valid, eventTypes: ['invoice.paid', 'billing.details_saved'] })).statusCode).toBe(200);
  });
});

describe('the secret and deletion', () => {
  it('rotating answers a new secret once; deleting removes the webhook and records events', async () => {
    const { webhook, secret } = (await saveWebhook(t, owner, valid)).json().data;
    const rotated = await t.app.inject({ method: 'POST', url: `/api/webhooks/${webhook.webhookId}/rotate-secret`, headers: bearer(owner.jwt) });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(secret);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${webhook.webhookId}`, headers: bearer(owner.jwt) });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual({ ok: true });
    expect(await t.runtime.ctx.db.select().from(webhooks).where(eq(webhooks.id, webhook.webhookId))).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${webhook.webhookId}`, headers: bearer(owner.jwt) })).statusCode).toBe(404);
    const types = (await t.runtime.ctx.db.select().from(domainEvents)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['webhook.secret_rotated', 'webhook.deleted']));
  });
});
