import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signalAll } from './support/agents';
import { expectAccessible } from './support/axe';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import { agentPids, type ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * The bell and an alert rule, in chromium, against a real console and a real agent: a
 * health rule is set on the instance; the agent is frozen (SIGSTOP), so the health round
 * finds it unhealthy: the bell's count rises with the notification, and the rule fires at
 * the next monitoring slot; viewing the notifications brings the count down; the agent is
 * thawed (SIGCONT), and the rule resolves. The console's own schedules drive everything: rules
 * every 60 s and the bell's poll every 30 s, hence the long waits; the health round, 30 s by
 * default, is set to HEALTH_ROUND_SECONDS here, which changes when the agent is found stopped, not
 * what follows from it.
 */

let server: ConsoleServer;
let browser: Browser;
let page: Page;
let instanceId: string;

const stamp = Date.now();
const name = 'Bell Journey';
/** A health round (30 s by default), a monitoring slot (60 s) and the bell's poll (30 s), with room for a busy machine. */
const SCHEDULE_MS = 150_000;
/** The console's health round here, in seconds (the setting's least is 1). */
const HEALTH_ROUND_SECONDS = '2';

beforeAll(async () => {
  ({ server, browser, page } = await openJourney({ env: { HEALTH_ROUND_SECONDS } }));
});
afterAll(() => {
  signalAll(agentPids(server?.dataDir ?? '/nonexistent'), 'SIGCONT');
  return closeJourney({ server, browser });
});

const bell = (unread: RegExp) => page.getByRole('button', { name: unread });

describe('notifications and alert rules in chromium', () => {
  it('signs up with a running instance; the bell is quiet', { timeout: 120_000 }, async () => {
    instanceId = await signUpWithRunningInstance(page, { owner: 'Ada Owner', organization: 'Bell Works', email: `bell-${stamp}@example.com`, name, url: `bell-${stamp}`, settleMs: 45_000 });
    await visible(bell(/^Notifications, none unread$/));
    await bell(/^Notifications/).click();
    await visible(page.getByText('No notifications yet.'));
    await expectAccessible(page, 'bell: empty list open');
    await page.keyboard.press('Escape');
    await hidden(page.getByText('No notifications yet.'));
  });

  it('sets a health alert rule from the instance details', { timeout: 60_000 }, async () => {
    await page.getByRole('link', { name: 'Alert rules' }).click();
    await page.waitForURL(new RegExp(`/${instanceId}/alerts$`));
    await visible(page.getByText('No alert rules yet.'));
    await expectAccessible(page, 'alert rules: empty');
    await page.getByRole('link', { name: 'Create Alert Rule' }).first().click();
    await page.waitForURL(new RegExp(`/${instanceId}/alert/create$`));
    await page.getByRole('button', { name: 'Create Alert Rule' }).click();
    await visible(page.getByText('Name is required.'));
    await expectAccessible(page, 'alert rule form: refused');
    await page.getByLabel('Name').fill('Instance down');
    await page.getByRole('textbox', { name: 'Metric' }).click();
    await page.getByRole('option', { name: 'Health (instance unhealthy)' }).click();
    await page.getByLabel('For (minutes)').fill('1');
    await page.getByRole('button', { name: 'Create Alert Rule' }).click();
    await visible(page.getByText('Alert rule created'));
    await visible(page.getByText('It has not fired yet.'));
    await expectAccessible(page, 'alert rule: created');
  });

  it('notifies in the bell and fires the rule when the agent stops answering', { timeout: SCHEDULE_MS * 2 }, async () => {
    signalAll(agentPids(server.dataDir), 'SIGSTOP');
    await bell(/^Notifications, [1-9]\d* unread$/)
      .first()
      .waitFor({ timeout: SCHEDULE_MS });
    await visible(page.getByRole('heading', { name: 'Instance down' }));
    await page.getByText('Firing').first().waitFor({ timeout: SCHEDULE_MS });
    await page.reload();
    await visible(page.getByRole('cell', { name: 'Fired' }));
    await expectAccessible(page, 'alert rule: firing, with history');
    await bell(/^Notifications, [1-9]\d* unread$/).click();
    await visible(page.getByText(`${name} is unhealthy`));
    await visible(page.getByText(`Alert: Instance down on ${name}`));
    await expectAccessible(page, 'bell: unread notifications open');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await visible(bell(/^Notifications, none unread$/));
    await page.keyboard.press('Escape');
    await hidden(page.getByRole('dialog', { name: 'Notifications' }));
  });

  it('resolves the rule once the agent answers again', { timeout: SCHEDULE_MS * 2 }, async () => {
    signalAll(agentPids(server.dataDir), 'SIGCONT');
    await page
      .getByRole('cell', { name: 'Resolved' })
      .first()
      .waitFor({ timeout: SCHEDULE_MS * 2 });
    await visible(page.getByText('OK', { exact: true }));
    await expectAccessible(page, 'alert rule: resolved');
    // The bell counts the resolution (and the instance healthy again), and its list, read at opening, shows it.
    await bell(/^Notifications, [1-9]\d* unread$/).click();
    const resolved = page.getByRole('link', { name: new RegExp(`Resolved: Instance down on ${name}`) });
    await visible(resolved);
    await resolved.first().click();
    await page.waitForURL(/\/alert\//);
  });

  it('lists every notification on the notifications page, by kind', async () => {
    await bell(/^Notifications, /).click();
    await page.getByRole('link', { name: 'View all notifications' }).click();
    await page.waitForURL(/\/client\/notifications$/);
    const list = page.getByRole('list', { name: 'Notifications' });
    await visible(list.getByText(`${name} is unhealthy`));
    await visible(list.getByText(`Alert: Instance down on ${name}`));
    await expectAccessible(page, 'notifications page: all');
    // The segmented control's radio is drawn by its label: a person clicks the label.
    await page
      .locator('label', { has: page.getByText('Alerts', { exact: true }) })
      .first()
      .click();
    await page.waitForURL(/kind=alerts/);
    await hidden(list.getByText(`${name} is unhealthy`));
    await visible(list.getByText(`Resolved: Instance down on ${name}`));
    await expectAccessible(page, 'notifications page: alerts only');
  });
});
