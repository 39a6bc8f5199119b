import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MESSAGES, PAGERDUTY_EVENTS_URL, WEBHOOK_CHANNEL_MESSAGES, WEBHOOK_MESSAGES, type Permission, type Webhook, type WebhookDelivery } from '@replay/contracts';
import { NOT_ALLOWED_MESSAGE } from '../../components/NotAllowed';
import { ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { WEBHOOK_DELIVERIES_POLL_MS } from '../../features/webhooks/api';

const HOOK_ID = '00000000-0000-4000-8000-000000000001';
const DELIVERY_ID = '00000000-0000-4000-8000-000000000002';
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';

const hook: Webhook = {
  webhookId: HOOK_ID,
  type: 'webhook',
  name: 'Ops receiver',
  endpoint: 'https://hooks.example.com/in',
  authHeader: true,
  routingKey: false,
  eventTypes: ['instance.created'],
  enabled: true,
  disabledAt: null,
  createdAt: Date.UTC(2026, 0, 1),
};

const delivery: WebhookDelivery = {
  deliveryId: DELIVERY_ID,
  messageId: 'msg_abc',
  eventType: 'instance.created',
  status: 'pending',
  requestBody: '{"type":"instance.created","timestamp":"2026-01-01T00:00:00.000Z","data":{}}',
  attempts: [
    { attempt: 1, at: Date.UTC(2026, 0, 1), requestHeaders: { 'webhook-id': 'msg_abc', authorization: '••••••' }, responseStatus: 500, responseBody: 'boom', error: null, durationMs: 12 },
    { attempt: 2, at: Date.UTC(2026, 0, 1, 0, 0, 5), requestHeaders: { 'webhook-id': 'msg_abc' }, responseStatus: null, responseBody: null, error: 'No answer within 15 s', durationMs: 15000 },
  ],
  nextAttemptAt: Date.UTC(2026, 0, 1, 0, 5, 5),
  createdAt: Date.UTC(2026, 0, 1),
  replayOf: null,
};

function signIn(list: Webhook[], permissions?: Permission[]) {
  return stubSignedIn(makeAccount(permissions ? { permissions } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/webhooks': ok({ webhooks: list }),
    'PUT /api/webhooks': (req) => {
      const body = req.body as { name: string; endpoint: string; eventTypes: string[] };
      return ok({ webhook: { ...hook, ...body, authHeader: false }, secret: SECRET });
    },
    [`GET /api/webhooks/${HOOK_ID}/deliveries`]: ok({ deliveries: [delivery], total: 1 }),
    [`POST /api/webhooks/${HOOK_ID}/deliveries/${DELIVERY_ID}/replay`]: ok({ ok: true }),
    [`POST /api/webhooks/${HOOK_ID}/rotate-secret`]: ok({ secret: SECRET }),
  });
}

afterEach(() => notifications.clean());

describe('Webhooks', () => {
  it('shows the empty state, checks the form with the spec’s rules, and shows the new secret once', async () => {
    const api = signIn([]);
    renderApp('/client/webhooks');
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText(MESSAGES.required)).toHaveLength(2);
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.noEventTypes)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/webhooks')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Receiver');
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint/ }), 'ftp://example.com');
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.invalidEndpoint)).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Endpoint/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint/ }), 'http://localhost:8080/hook');
    expect(within(dialog).queryByText(WEBHOOK_MESSAGES.invalidEndpoint)).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'instance.created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT /api/webhooks')).toHaveLength(1));
    expect(api.callsTo('PUT /api/webhooks')[0]!.body).toEqual({ type: 'webhook', name: 'Receiver', endpoint: 'http://localhost:8080/hook', authHeader: null, eventTypes: ['instance.created'] });
    const secretDialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secretDialog).getByText(SECRET)).toBeInTheDocument();
    expect(within(secretDialog).getByText(WEBHOOK_MESSAGES.secretOnce)).toBeInTheDocument();
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('adds a PagerDuty webhook: its endpoint filled in, its key required, only paired events offered (issue 45)', async () => {
    const api = signIn([]);
    renderApp('/client/webhooks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.click(within(dialog).getByRole('textbox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'PagerDuty' }));
    expect(within(dialog).getByRole('textbox', { name: /Events API endpoint/ })).toHaveValue(PAGERDUTY_EVENTS_URL);
    expect(within(dialog).queryByRole('checkbox', { name: 'instance.created' })).toBeNull();
    expect(within(dialog).queryByLabelText(/Auth header/)).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'On call');
    await user.click(within(dialog).getByRole('checkbox', { name: 'alert.fired' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'alert.resolved' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(WEBHOOK_CHANNEL_MESSAGES.routingKeyRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Integration key/), 'R0123456789abcdef0123456789ABCDE');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/webhooks')).toHaveLength(1));
    expect(api.callsTo('PUT /api/webhooks')[0]!.body).toEqual({
      type: 'pagerduty',
      name: 'On call',
      endpoint: PAGERDUTY_EVENTS_URL,
      routingKey: 'R0123456789abcdef0123456789ABCDE',
      eventTypes: ['alert.fired', 'alert.resolved'],
    });
  });

  it('offers only the event families the caller may view', async () => {
    signIn([], ['EDIT_INSTANCES']);
    renderApp('/client/webhooks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    expect(within(dialog).getByRole('checkbox', { name: 'instance.created' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'member.invited' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: 'invoice.paid' })).toBeNull();
  });

  it('shows the delivery log (attempts, answers, next attempt) and replays a delivery', async () => {
    const api = signIn([hook]);
    renderApp('/client/webhooks');
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    expect(within(table).getByText('Ops receiver')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Deliveries of Ops receiver' }));
    const drawer = await screen.findByRole('dialog', { name: 'Deliveries' });
    const attempts = await within(drawer).findByRole('table', { name: 'Attempts of msg_abc' });
    expect(within(attempts).getAllByRole('row')).toHaveLength(3);
    expect(within(attempts).getByText('500 boom')).toBeInTheDocument();
    expect(within(attempts).getByText('No answer within 15 s')).toBeInTheDocument();
    expect(within(drawer).getByText(/next attempt/)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /^Replay instance.created/ }));
    await waitFor(() => expect(api.callsTo(`POST /api/webhooks/${HOOK_ID}/deliveries/${DELIVERY_ID}/replay`)).toHaveLength(1));
    expect(await screen.findByText(WEBHOOK_MESSAGES.replayed)).toBeInTheDocument();
  });

  it('refreshes the open delivery log: a new delivery and a changed status appear without reopening (issue 42)', async () => {
    let answer: WebhookDelivery[] = [];
    let asks = 0;
    const api = signIn([hook]);
    const stub = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname !== `/api/webhooks/${HOOK_ID}/deliveries`) return stub(input, init);
      asks += 1;
      return new Response(JSON.stringify({ data: { deliveries: answer, total: answer.length } }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderApp('/client/webhooks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deliveries of Ops receiver' }));
    const drawer = await screen.findByRole('dialog', { name: 'Deliveries' });
    expect(await within(drawer).findByText('No deliveries yet')).toBeInTheDocument();
    const asked = asks;
    // A test event is sent in another tab (or an event fires): the log shows it without a reload.
    answer = [delivery];
    expect(await within(drawer).findByRole('table', { name: 'Attempts of msg_abc' }, { timeout: WEBHOOK_DELIVERIES_POLL_MS * 3 })).toBeInTheDocument();
    expect(within(drawer).getByText('pending')).toBeInTheDocument();
    answer = [{ ...delivery, status: 'delivered', nextAttemptAt: null }];
    expect(await within(drawer).findByText('delivered', {}, { timeout: WEBHOOK_DELIVERIES_POLL_MS * 3 })).toBeInTheDocument();
    expect(asks).toBeGreaterThanOrEqual(asked + 2);
  });

  it('rotates the secret after a confirmation and shows the new one once', async () => {
    const api = signIn([hook]);
    renderApp('/client/webhooks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for Ops receiver' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate secret' });
    expect(api.callsTo(`POST /api/webhooks/${HOOK_ID}/rotate-secret`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
  });

  it('is not allowed without EDIT_INSTANCES', async () => {
    signIn([], ['VIEW_INSTANCES']);
    renderApp('/client/webhooks');
    expect(await screen.findByText(NOT_ALLOWED_MESSAGE)).toBeInTheDocument();
  });
});
