import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { ageSessionProofs } from './support/fresh-proof';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { signUpOwner } from './support/signup';
import { hidden, visible } from './support/wait';

/**
 * API keys in chromium against the real console: the owner creates a key (its role, an
 * expiry, an IP list of this machine), copies its secret, and the test calls the API with
 * it over real HTTP; the key is rotated (old and new secrets both work during the
 * overlap), then revoked, and the next call with either secret is refused.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let firstSecret = '';
let secondSecret = '';
const KEY = 'Deploy bot';
const PASSWORD = 'Owner-pass1';

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
}, 120_000);
afterAll(() => closeJourney({ server, browser }));

/** The instances list, called as a script would: over HTTP with the key as a Bearer token. */
async function callWith(secret: string): Promise<{ status: number; limit: string | null }> {
  const res = await fetch(`${server.url}/api/managed-saas/instances`, { headers: { authorization: `Bearer ${secret}` } });
  await res.arrayBuffer();
  return { status: res.status, limit: res.headers.get('ratelimit-limit') };
}

const secretDialog = () => page.getByRole('dialog', { name: new RegExp(KEY) });

async function copiedSecret(): Promise<string> {
  const shown = (await page.getByTestId('api-key-secret').textContent()) ?? '';
  await page.getByRole('button', { name: 'Copy API key secret' }).click();
  await visible(page.getByRole('button', { name: 'API key secret: copied' }));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  return copied;
}

describe('API keys journey in chromium', () => {
  it('the owner opens Account › API keys: no keys yet', async () => {
    await signUpOwner(page, { name: 'Kay Keys', organization: 'Key Works', email: `api-keys-${Date.now()}@example.com`, password: PASSWORD });
    await page.goto('/account/api-keys');
    await visible(page.getByText('No API keys yet'));
    await expectAccessible(page, 'api keys: empty');
  });

  it('creates a key: the form says what is missing, then the secret is shown once and copied', async () => {
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await visible(dialog);
    await expectAccessible(page, 'api keys: create dialog');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await visible(dialog.getByText('This field is required'));
    await expectAccessible(page, 'api keys: create dialog with errors');

    await dialog.getByRole('textbox', { name: 'Name' }).fill(KEY);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Owner' });
    // The test calls from this machine, over IPv4 or IPv6 loopback.
    await dialog.getByRole('textbox', { name: 'IP access list' }).fill('127.0.0.1\n::1');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    await visible(secretDialog());
    await visible(page.getByText(API_KEY_MESSAGES.secretOnce));
    firstSecret = await copiedSecret();
    expect(firstSecret).toMatch(/^rck_[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, 'api keys: secret shown once');
    await page.getByRole('button', { name: 'Done' }).click();
    await hidden(secretDialog());
    const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: new RegExp(KEY) });
    await visible(row.getByText('Active'));
    expect(await page.getByText(firstSecret).count()).toBe(0);
    await expectAccessible(page, 'api keys: one active key');
  });

  it('the copied secret calls the API', async () => {
    const answer = await callWith(firstSecret);
    expect(answer.status).toBe(200);
    expect(answer.limit).not.toBeNull();
  });

  it('rotates after a confirmation; old and new secrets both work during the overlap', async () => {
    await page.getByRole('button', { name: `Rotate ${KEY}` }).click();
    const confirm = page.getByRole('dialog', { name: `Rotate ${KEY}` });
    await visible(confirm.getByText(/keeps working for 24 hours/));
    await expectAccessible(page, 'api keys: rotate confirmation');
    await confirm.getByRole('button', { name: 'Rotate' }).click();

    await visible(page.getByRole('dialog', { name: `New secret of ${KEY}` }));
    await visible(page.getByTestId('rotation-overlap'));
    secondSecret = await copiedSecret();
    expect(secondSecret).not.toBe(firstSecret);
    await expectAccessible(page, 'api keys: rotated secret');
    await page.getByRole('button', { name: 'Done' }).click();

    expect((await callWith(firstSecret)).status).toBe(200);
    expect((await callWith(secondSecret)).status).toBe(200);
  });

  it('revokes after a confirmation, and the next call with either secret is refused', async () => {
    await page.getByRole('button', { name: `Revoke ${KEY}` }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke ${KEY}` });
    await visible(confirm.getByText(API_KEY_MESSAGES.revokeConfirm));
    await expectAccessible(page, 'api keys: revoke confirmation');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: new RegExp(KEY) });
    await visible(row.getByText('Revoked'));
    await expectAccessible(page, 'api keys: revoked');

    expect((await callWith(secondSecret)).status).toBe(401);
    expect((await callWith(firstSecret)).status).toBe(401);
  });

  /** Issue 42, point 10: the question opened behind the Create API key dialog, whose button spun with Cancel disabled. */
  it('in a session proven more than five minutes ago, asks “Confirm it is you” above the Create API key dialog, and is answered with the keyboard', async () => {
    server = await ageSessionProofs(server);
    await page.reload();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await visible(create);
    await create.getByRole('textbox', { name: 'Name' }).fill('Night job');
    await create.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Owner' });
    await create.getByRole('button', { name: 'Create key' }).click();

    const proof = page.getByRole('dialog', { name: 'Confirm it is you' });
    await visible(proof);
    // Above the other dialog: what is at the middle of its Confirm button is that button.
    const confirm = proof.getByRole('button', { name: 'Confirm' });
    const onTop = await confirm.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop).toBe(true);
    await expectAccessible(page, 'api keys: confirm it is you over the create dialog');

    // Escape cancels the question only: the form says why nothing was made, and its Cancel works.
    await page.keyboard.press('Escape');
    await hidden(proof);
    await visible(create.getByText('Not done: your identity was not confirmed.'));
    expect(await create.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(false);
    await expectAccessible(page, 'api keys: create dialog after a cancelled confirmation');

    // Again, answered with the keyboard alone: focus is in the password field.
    await create.getByRole('button', { name: 'Create key' }).focus();
    await page.keyboard.press('Enter');
    await visible(proof);
    await visible(proof.getByText('This change needs you to confirm your identity again.'));
    await expect.poll(() => proof.getByLabel('Password').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await visible(page.getByRole('dialog', { name: /Night job/ }));
    await visible(page.getByText(API_KEY_MESSAGES.secretOnce));
    await expectAccessible(page, 'api keys: secret shown after the confirmation');
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: /Night job/ });
    await visible(row.getByText('Active'));
  });
});
