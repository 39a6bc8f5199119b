import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_MESSAGES, SCIM_SCHEMAS } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { signUpOwner } from './support/signup';
import { hidden, visible } from './support/wait';

/**
 * SCIM provisioning in chromium against the real console: the owner creates the SCIM token on
 * Account › Provisioning (shown once), a SCIM client (as Okta calls) creates a user over real
 * HTTP, the Team screen shows them "Provisioned by SCIM", a pushed group gets a role in the
 * browser, and the deactivation removes them from the Team screen.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let token = '';
let userId = '';
const USER = `scim-person-${Date.now()}@example.com`;

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
}, 120_000);
afterAll(() => closeJourney({ server, browser }));

async function scim(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('SCIM provisioning journey in chromium', () => {
  it('the owner opens Account › Provisioning: the base URL, no token, no groups', async () => {
    await signUpOwner(page, { name: 'Sam Scim', organization: 'Scim Works', email: `scim-owner-${Date.now()}@example.com`, password: 'Owner-pass1' });
    await page.goto('/account/provisioning');
    await visible(page.getByTestId('scim-base-url'));
    expect(await page.getByTestId('scim-base-url').textContent()).toBe(`${server.url}/api/scim/v2`);
    await visible(page.getByText('No groups yet'));
    await expectAccessible(page, 'provisioning: no token');
  });

  it('creates the token: shown once, with a copy button', async () => {
    await page.getByRole('button', { name: 'Create token' }).click();
    await visible(page.getByTestId('scim-token'));
    token = (await page.getByTestId('scim-token').textContent()) ?? '';
    expect(token).toMatch(/^rcs_/);
    await visible(page.getByText(SCIM_MESSAGES.tokenShownOnce));
    await expectAccessible(page, 'provisioning: token shown');
  });

  it('a SCIM client creates a user; the Team screen shows them provisioned', async () => {
    const created = await scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.user], userName: USER, name: { givenName: 'Pat', familyName: 'Provisioned' }, active: true });
    expect(created.status).toBe(201);
    userId = String(created.body.id);
    const group = await scim('POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: 'Support team', members: [{ value: userId }] });
    expect(group.status).toBe(201);
    await page.goto('/members');
    const row = page.getByRole('row', { name: new RegExp(USER) });
    await visible(row);
    await visible(row.getByText('Provisioned by SCIM'));
    await expectAccessible(page, 'team: a provisioned member');
  });

  it('the owner gives the pushed group a role', async () => {
    await page.goto('/account/provisioning');
    const select = page.getByRole('combobox', { name: 'Role of Support team' });
    await visible(select);
    await select.selectOption({ label: 'Viewer' });
    await page.goto('/members');
    await visible(page.getByRole('row', { name: new RegExp(USER) }).getByText('Viewer'));
    await page.goto('/account/provisioning');
    await visible(page.getByRole('combobox', { name: 'Role of Support team' }));
    await expectAccessible(page, 'provisioning: a mapped group');
  });

  it('deactivation removes them from the Team screen', async () => {
    const off = await scim('PATCH', `/Users/${userId}`, { schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    await page.goto('/members');
    // The list has loaded (the owner's row is there) before the provisioned member's absence is read.
    await visible(page.getByRole('row', { name: /Sam Scim/ }));
    await hidden(page.getByRole('row', { name: new RegExp(USER) }));
    await expectAccessible(page, 'team: after deprovisioning');
  });
});
