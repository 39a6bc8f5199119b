import type { Page } from 'playwright-core';
import { INSTANCE_MESSAGES } from '@replay/contracts';
import { tenants } from '../../apps/server/src/db/schema';
import { writeWhileStopped } from './console-writes';
import type { ConsoleServer } from './server';
import { visible } from './wait';

export interface NewAccountWithInstance {
  /** The owner's name and organization on the sign-up form. */
  owner: string;
  organization: string;
  email: string;
  /** The instance's name and the URL part it asks for. */
  name: string;
  url: string;
  /** How long the new instance may take to show as Running. */
  settleMs: number;
}

/**
 * Signs up a new account, creates an instance (which opens its getting-started steps),
 * goes back to the list, waits until it shows the instance Running and opens its details. Returns the instance's id (from the address).
 */
export async function signUpWithRunningInstance(page: Page, a: NewAccountWithInstance): Promise<string> {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(a.owner);
  await page.getByLabel('Organization').fill(a.organization);
  await page.getByLabel('Email Address').fill(a.email);
  await page.getByLabel('Password', { exact: true }).fill('Secret-pass1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await visible(page.getByText('Welcome!'));
  await page.getByRole('link', { name: 'Create Instance' }).click();
  await page.waitForURL(/\/instances\/create$/);
  await page.getByLabel(/^Name/).fill(a.name);
  await page.getByLabel(/^Instance URL/).fill(a.url);
  await visible(page.getByLabel('Available'));
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await visible(page.getByText(INSTANCE_MESSAGES.created(a.name)));
  // The account's first instance, right after sign-up: its getting-started steps open first.
  await page.waitForURL(/\/onboarding\/installing$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Instances' }).click();
  await page.waitForURL(/\/instances$/);
  const row = page.getByRole('row', { name: new RegExp(a.name) });
  await row.locator('[data-tone="success"]', { hasText: 'Running' }).waitFor({ timeout: a.settleMs });
  await row.getByRole('link', { name: a.name }).click();
  await page.waitForURL(/\/instances\/[^/]+$/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** An account's running instance as a tracker on a customer's site needs it. */
export interface TrackedInstance {
  instanceId: string;
  /** The instance's address, as its details page links it. */
  instanceUrl: string;
  /** The account's project key, as the API keys page shows it. */
  projectKey: string;
}

/** `signUpWithRunningInstance`, then what a customer copies into their tracker: the instance's address and the project key. */
export async function signUpWithTrackedInstance(page: Page, a: NewAccountWithInstance): Promise<TrackedInstance> {
  const instanceId = await signUpWithRunningInstance(page, a);
  const instanceUrl =
    (await page
      .getByRole('link', { name: /^http:\/\/localhost:\d+ opens in a new tab$/ })
      .first()
      .getAttribute('href')) ?? '';
  await page.goto('/account/api-keys');
  const projectKey = (await page.locator('code').last().textContent()) ?? '';
  return { instanceId, instanceUrl, projectKey };
}

/**
 * Makes the account one that may pay: an enterprise one (billed by contract,
 * so no billing details are needed). Returns the restarted console (writeWhileStopped).
 */
export function letAccountPay(server: ConsoleServer): Promise<ConsoleServer> {
  return writeWhileStopped(server, async (db) => {
    await db.db.update(tenants).set({ edition: 'ee' });
  });
}
