import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGERDUTY_EVENTS_URL, WEBHOOK_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * Webhooks in chromium against the real console (job workers on, private targets
 * allowed so it may call a receiver on loopback): the owner adds a webhook, the
 * receiver verifies a test event with the Standard Webhooks library and the secret
 * shown once; the receiver then fails, the console retries (the 5-s retry) and the
 * delivery log shows each attempt; a replay, answered, arrives with the same message id.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let receiver: Server;
let receiverUrl = '';
let secret = '';
let answerStatus = 200;
let ownerEmail = '';
const received: { headers: IncomingHttpHeaders; body: string; verified: boolean }[] = [];
/** The retry after a failure is due 5 s later; on a busy machine the sweep may take its 10 s. */
const DELIVERY_MS = 60_000;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      try {
        new StandardWebhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ headers: req.headers, body, verified });
      res.writeHead(answerStatus, { 'content-type': 'text/plain' });
      res.end(answerStatus < 300 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  ({ server, browser, page } = await openJourney({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } }));
}, 120_000);
afterAll(async () => {
  await closeJourney({ server, browser });
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const row = () => page.getByRole('table', { name: 'Webhooks' }).getByRole('row', { name: /Receiver/ });
async function moreAction(name: string): Promise<void> {
  await page.getByRole('button', { name: 'More actions for Receiver' }).click();
  await page.getByRole('menuitem', { name }).click();
}

describe('webhooks journey in chromium', () => {
  it('the owner signs up and finds Webhooks in the account menu', async () => {
    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill('Wendy Hooks');
    await page.getByLabel('Organization').fill('Hook Works');
    ownerEmail = `webhooks-${Date.now()}@example.com`;
    await page.getByLabel('Email Address').fill(ownerEmail);
    await page.getByLabel('Password', { exact: true }).fill('Owner-pass1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/instances/);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/client\/webhooks/);
    await visible(page.getByText('No webhooks yet'));
    await expectAccessible(page, 'webhooks: empty');
  });

  it('adds a webhook: the form checks the endpoint, and the secret is shown once', async () => {
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Receiver');
    await dialog.getByRole('textbox', { name: /^Endpoint/ }).fill('not a url');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText(WEBHOOK_MESSAGES.invalidEndpoint));
    await expectAccessible(page, 'webhooks: form with errors');
    await dialog.getByRole('textbox', { name: /^Endpoint/ }).fill(receiverUrl);
    await dialog.getByRole('checkbox', { name: 'role.created' }).check();
    await expectAccessible(page, 'webhooks: form filled');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'webhooks: secret shown once');
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await hidden(secretDialog);
    await visible(row());
    expect(await page.getByText(secret).count()).toBe(0);
    await expectAccessible(page, 'webhooks: one webhook');
  });

  it('sends a test event, which the receiver verifies with Standard Webhooks', async () => {
    await moreAction('Send test event');
    await visible(page.getByText(WEBHOOK_MESSAGES.testSent));
    await expectAccessible(page, 'webhooks: test event toast');
    await expect.poll(() => received.length, { timeout: DELIVERY_MS }).toBe(1);
    expect(received[0]!.verified).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
  });

  it('retries a failing receiver and logs each attempt', async () => {
    answerStatus = 500;
    await moreAction('Send test event');
    await expect.poll(() => received.length, { timeout: DELIVERY_MS }).toBe(3);
    expect(received[2]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
    await page.getByRole('button', { name: 'Deliveries of Receiver' }).click();
    const drawer = page.getByRole('dialog', { name: 'Deliveries' });
    const attempts = drawer.getByRole('table', { name: `Attempts of ${String(received[1]!.headers['webhook-id'])}` });
    await expect.poll(() => attempts.getByRole('row').count(), { timeout: 20_000 }).toBe(3);
    await visible(attempts.getByText('500 receiver is down').first());
    await visible(drawer.getByText(/next attempt/));
    await expectAccessible(page, 'webhooks: delivery log with retries');
  });

  it('replays a delivery: the same message arrives again, signed', async () => {
    answerStatus = 200;
    const drawer = page.getByRole('dialog', { name: 'Deliveries' });
    const before = received.length;
    const firstId = received[0]!.headers['webhook-id'];
    // The oldest delivery is the last in the log (newest first).
    await drawer
      .getByRole('button', { name: /^Replay webhook\.test/ })
      .last()
      .click();
    await visible(page.getByText(WEBHOOK_MESSAGES.replayed));
    await expect.poll(() => received.length, { timeout: DELIVERY_MS }).toBeGreaterThan(before);
    const replayed = received.find((r, i) => i >= before && r.headers['webhook-id'] === firstId);
    expect(replayed?.verified).toBe(true);
    await visible(drawer.getByText('replay'));
    await expectAccessible(page, 'webhooks: replayed');
  });

  it('shows a new delivery in the open log without a reload (issue 42)', async () => {
    const drawer = page.getByRole('dialog', { name: 'Deliveries' });
    const roleDeliveries = drawer.getByText('role.created', { exact: true });
    expect(await roleDeliveries.count()).toBe(0);
    // The owner, in another client, makes a role: the webhook subscribes to role.created.
    const signedIn = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ownerEmail, password: 'Owner-pass1' }) });
    expect(signedIn.status).toBe(200);
    const { jwt } = ((await signedIn.json()) as { data: { jwt: string } }).data;
    const role = await fetch(`${server.url}/api/client/roles`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ name: 'Hook reader' }),
    });
    expect(role.status).toBe(201);
    await expect.poll(() => roleDeliveries.count(), { timeout: DELIVERY_MS }).toBe(1);
    await visible(drawer.getByRole('button', { name: /^Replay role\.created/ }));
    await expectAccessible(page, 'webhooks: a new delivery in the open log');
  });
});

/** Issue 45: the alert channels, added through the form, each receiving its own format. */
describe('alert channels in chromium', () => {
  const ROUTING_KEY = 'R0123456789abcdef0123456789ABCDE';
  const PHONE = { width: 390, height: 844 };

  async function addChannel(type: string, name: string, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>): Promise<void> {
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: type }).click();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await fill(dialog);
    await expectAccessible(page, `webhooks: ${type} form filled`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await hidden(secretDialog);
  }

  async function testEvent(name: string): Promise<unknown> {
    const before = received.length;
    await page.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Send test event' }).click();
    await expect.poll(() => received.length, { timeout: DELIVERY_MS }).toBe(before + 1);
    return JSON.parse(received[before]!.body);
  }

  it('adds a Slack webhook: its URL is shown masked, and the test event arrives as Block Kit', async () => {
    await page.keyboard.press('Escape');
    await page.goto('/client/webhooks');
    await addChannel('Slack', 'Chat room', async (dialog) => {
      await dialog.getByRole('textbox', { name: /^Slack webhook URL/ }).fill(`${receiverUrl}/services/T0/B0/slacksecret1`);
      await dialog.getByRole('checkbox', { name: 'alert.fired' }).check();
    });
    const slackRow = page.getByRole('table', { name: 'Webhooks' }).getByRole('row', { name: /Chat room/ });
    await visible(slackRow.getByText('Slack', { exact: true }));
    await visible(slackRow.getByText(`${new URL(receiverUrl).origin}/…ret1`));
    expect(await page.getByText('slacksecret1').count()).toBe(0);
    const body = (await testEvent('Chat room')) as { text: string; blocks: { type: string }[] };
    expect(body.text).toContain('Test event from the console');
    expect(body.blocks.map((b) => b.type)).toEqual(['header', 'section', 'context', 'actions']);
    await expectAccessible(page, 'webhooks: a Slack webhook listed');
  });

  it('adds a PagerDuty webhook at a phone’s width: the endpoint is filled in, the key required, and the test event is a trigger', async () => {
    await page.setViewportSize(PHONE);
    await addChannel('PagerDuty', 'On call', async (dialog) => {
      const endpoint = dialog.getByRole('textbox', { name: /^Events API endpoint/ });
      expect(await endpoint.inputValue()).toBe(PAGERDUTY_EVENTS_URL);
      expect(await dialog.getByRole('checkbox', { name: 'instance.created' }).count()).toBe(0);
      await dialog.getByRole('checkbox', { name: 'alert.fired' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(dialog.getByText('Enter the PagerDuty integration key (Events API v2).'));
      const box = await dialog.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      await endpoint.fill(receiverUrl);
      await dialog.getByLabel(/^Integration key/).fill(ROUTING_KEY);
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const body = (await testEvent('On call')) as { routing_key: string; event_action: string; payload: { severity: string } };
    expect(body).toMatchObject({ routing_key: ROUTING_KEY, event_action: 'trigger', payload: { severity: 'info' } });
    expect(await page.getByText(ROUTING_KEY).count()).toBe(0);
    await expectAccessible(page, 'webhooks: a PagerDuty webhook at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
