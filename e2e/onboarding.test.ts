import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES, ROLE_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { newPage } from './support/browser';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import { firstLink, latestMailTo } from './support/outbox';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * Getting started in chromium, on one console: the owner's checklist starts with four
 * pending steps; the Install tab's snippet names the instance's ingest URL and the key of
 * the project in the address (the instance's default project), with which a recording is sent as the tracker would (without, then with,
 * a user id); a member is invited and joins. Each step shows done on the checklist.
 * The Integrations tab leads to the webhooks screen, where a webhook (to a receiver on
 * loopback, which this console allows) completes the last step.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let instanceId = '';
let ingestUrl = '';
let projectKey = '';
const stamp = Date.now();
const memberEmail = `joiner-${stamp}@example.com`;

beforeAll(async () => {
  ({ server, browser, page } = await openJourney({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } }));
}, 60_000);
afterAll(() => closeJourney({ server, browser }));

const checklist = () => page.getByRole('region', { name: 'Getting Started' });
async function expectProgress(text: string) {
  await page.goto('/instances');
  await visible(checklist().getByText(text));
}

/** A tracker's batch, as the page's tracker sends it to the instance. */
async function track(sessionId: string, userId?: string): Promise<number> {
  const res = await fetch(ingestUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${projectKey}` },
    body: JSON.stringify({ sessionId, events: [{ type: 3, timestamp: Date.now(), data: { source: 2, type: 2, id: 1 } }], ...(userId ? { userId } : {}) }),
  });
  return res.status;
}

describe('getting started in chromium', () => {
  it('a new account with a running instance sees four pending steps', async () => {
    instanceId = await signUpWithRunningInstance(page, {
      owner: 'Olive Owner',
      organization: 'Onboarding Co',
      email: `owner-${stamp}@example.com`,
      name: 'Onboarded',
      url: `onboarded-${stamp}`,
      settleMs: 60_000,
    });
    await expectProgress('In progress: 0 of 4 done');
    await expectAccessible(page, 'instances: getting started, nothing done');
  });

  it('the Install tab shows the tracker with the instance’s ingest URL and the project key', async () => {
    await checklist().getByRole('link', { name: 'Install' }).click();
    await page.waitForURL(new RegExp(`/${instanceId}/onboarding/installing$`));
    const npm = page.getByTestId('snippet-npm');
    await visible(npm);
    const code = (await npm.textContent()) ?? '';
    ingestUrl = /ingestPoint: "([^"]+)"/.exec(code)![1]!;
    projectKey = /projectKey: "([^"]+)"/.exec(code)![1]!;
    expect(ingestUrl).toMatch(/^http:\/\/localhost:\d+\/api\/events$/);
    expect(projectKey.length).toBeGreaterThan(15);
    await expectAccessible(page, 'onboarding: installing tab');
  });

  it('that key is the project’s in the address (the instance’s default project), as the Projects screen shows it', async () => {
    await page.goto('/client/projects');
    const row = page.getByRole('row', { name: /Onboarded/ });
    await visible(row);
    expect((await row.locator('code').textContent())?.trim()).toBe(projectKey);
    await expectAccessible(page, 'projects: the key the install step shows');
  });

  it('a recording without a user id completes Install only', async () => {
    expect(await track('e2e-anonymous')).toBe(202);
    await expectProgress('In progress: 1 of 4 done');
    await expect.poll(() => checklist().getByRole('link', { name: 'Install' }).count()).toBe(0);
    await expectAccessible(page, 'instances: getting started, installed');
  });

  it('the Identify Users tab shows setUserID; a recording with a user id completes the step', async () => {
    await checklist().getByRole('link', { name: 'Identify Users' }).click();
    await visible(page.getByRole('tab', { name: 'Identify Users', selected: true }));
    await visible(page.getByText("tracker.setUserID('jane@example.com');"));
    await expectAccessible(page, 'onboarding: identify users tab');
    expect(await track('e2e-known', 'ada@example.com')).toBe(202);
    await expectProgress('In progress: 2 of 4 done');
  });

  it('a member invited from the Team tab’s link who joins completes Invite Team Members', async () => {
    await checklist().getByRole('link', { name: 'Invite Team Members' }).click();
    await visible(page.getByRole('tab', { name: 'Invite Team Members', selected: true }));
    await expectAccessible(page, 'onboarding: team tab');
    // A role to give (the Owner role is never offered).
    await page.goto('/roles');
    await page.getByRole('button', { name: 'Create Role' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Create Role' });
    await roleDialog.getByLabel('Name').fill('Viewers');
    await roleDialog.getByRole('checkbox', { name: 'View instances' }).check();
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(ROLE_MESSAGES.added));

    await page.goto(`/${instanceId}/onboarding/team`);
    await page.getByRole('link', { name: 'Invite team members', exact: true }).click();
    await page.waitForURL(/\/members$/);
    await visible(page.getByText(/of 20 team member seats left/));
    await page.getByRole('button', { name: 'Invite Team Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await dialog.getByLabel('Name').fill('Joan Joiner');
    await dialog.getByLabel('Email').fill(memberEmail);
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewers' }).click();
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await visible(page.getByText(MEMBER_MESSAGES.invitationSent));
    await expectProgress('In progress: 2 of 4 done');

    const link = new URL(firstLink((await latestMailTo(server.url, memberEmail)).text));
    const member = await newPage(browser, server.url);
    await member.goto(`${link.pathname}${link.search}`);
    await member.getByLabel('Password', { exact: true }).fill('Member-pass1');
    await member.getByLabel('Repeat Password').fill('Member-pass1');
    await member.getByRole('button', { name: 'Join' }).click();
    await member.waitForURL(/\/instances$/);
    await member.close();

    await expectProgress('In progress: 3 of 4 done');
    await visible(checklist().getByRole('link', { name: 'Integrations' }));
    await expectAccessible(page, 'instances: getting started, three steps done');
  });

  it('the Integrations tab leads to the webhooks settings', async () => {
    await checklist().getByRole('link', { name: 'Integrations' }).click();
    await visible(page.getByRole('link', { name: 'Add a webhook' }));
    expect(await page.getByRole('link', { name: 'Add a webhook' }).getAttribute('href')).toBe('/client/webhooks');
    await expectAccessible(page, 'onboarding: integrations tab');
  });

  it('a webhook added from there completes the checklist', async () => {
    await page.getByRole('link', { name: 'Add a webhook' }).click();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Receiver');
    await dialog.getByRole('textbox', { name: /^Endpoint/ }).fill('http://127.0.0.1:9/hooks');
    await dialog.getByRole('checkbox', { name: 'instance.created' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await hidden(secretDialog);

    // Completed: the badge says so and the list of steps is gone.
    await expectProgress('Completed');
    expect(await checklist().getByRole('listitem').count()).toBe(0);
    await expectAccessible(page, 'instances: getting started completed');
  });
});
