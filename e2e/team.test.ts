import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditExport } from '@replay/audit-chain';
import { AUDIT_MESSAGES, MEMBER_MESSAGES, ROLE_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { newPage, savedDownload } from './support/browser';
import { closeJourney, openJourney } from './support/journey';
import { firstLink, latestMailTo } from './support/outbox';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * The team journey of issue 3 in chromium: an owner makes a role holding
 * VIEW_INSTANCES only, invites a member with it; the member joins through
 * the mailed link (in a browser of their own) and sees only what the role
 * grants; the owner removes them and their open tab loses its session on its
 * next request; the audit trail shows all of it and exports it to CSV, and
 * its signed export verifies offline.
 */

const NOT_ALLOWED_MESSAGE = "You don't have the necessary permissions to access this feature. Please check with your admin.";

let server: ConsoleServer;
let browser: Browser;
let owner: Page;
let member: Page;

const stamp = Date.now();
const ownerEmail = `owner-${stamp}@example.com`;
const memberEmail = `member-${stamp}@example.com`;
const roleName = 'Instance viewers';

beforeAll(async () => {
  ({ server, browser, page: owner } = await openJourney());
});
afterAll(() => closeJourney({ server, browser }));

/** The labels of the left menu's links (Support is a button that opens a drawer, not a screen). */
async function menuLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await visible(nav.getByRole('link'));
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

describe('team journey in chromium', () => {
  it('the owner signs up', async () => {
    await owner.goto('/signup');
    await owner.getByLabel('Name', { exact: true }).fill('Ada Owner');
    await owner.getByLabel('Organization').fill('Analytical Engines');
    await owner.getByLabel('Email Address').fill(ownerEmail);
    await owner.getByLabel('Password', { exact: true }).fill('Owner-pass1');
    await owner.getByRole('button', { name: 'Create Account' }).click();
    await owner.waitForURL(/\/instances/);
  });

  it('creates a role holding View instances only', async () => {
    await owner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Roles' }).click();
    await visible(owner.getByRole('heading', { name: 'Roles and Access' }));
    await visible(owner.getByRole('table', { name: 'Roles' }));
    await expectAccessible(owner, 'roles: the Owner role only');
    await owner.getByRole('button', { name: 'Create Role' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Create Role' });
    await visible(dialog.getByLabel('Name'));
    await expectAccessible(owner, 'roles: create dialog, empty');
    await dialog.getByLabel('Name').fill(roleName);
    await dialog.getByLabel('Description').fill('Can look at instances, nothing else');
    await dialog.getByRole('checkbox', { name: 'View instances' }).check();
    await expectAccessible(owner, 'roles: create dialog, filled');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(owner.getByText(ROLE_MESSAGES.added));
    await visible(owner.getByRole('table', { name: 'Roles' }).getByRole('button', { name: roleName }));
    await expectAccessible(owner, 'roles: two roles, added toast');

    // The delete confirmation, cancelled: the role is needed below.
    await owner.getByRole('button', { name: `Delete ${roleName}` }).click();
    const confirm = owner.getByRole('dialog', { name: 'Delete role' });
    await visible(confirm.getByRole('button', { name: 'Cancel' }));
    await expectAccessible(owner, 'roles: delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await hidden(confirm);
  });

  it('invites a member with it', async () => {
    await owner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team' }).click();
    await visible(owner.getByRole('row').filter({ hasText: ownerEmail }));
    await expectAccessible(owner, 'team: the owner only');
    await owner.getByRole('button', { name: 'Invite Team Member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite Team Member' });
    const invite = dialog.getByRole('button', { name: 'Invite' });
    expect(await invite.isDisabled()).toBe(true);
    await expectAccessible(owner, 'team: invite dialog, empty');
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(memberEmail);
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    // The Owner role is never offered.
    await visible(owner.getByRole('option', { name: roleName }));
    expect(await owner.getByRole('option', { name: 'Owner' }).count()).toBe(0);
    await expectAccessible(owner, 'team: invite dialog, role list open');
    await owner.getByRole('option', { name: roleName }).click();
    await invite.click();
    await visible(owner.getByText(MEMBER_MESSAGES.invitationSent));
    const row = owner.getByRole('row').filter({ hasText: memberEmail });
    await visible(row.getByText('Pending'));
    await visible(row.getByText(roleName));
    await expectAccessible(owner, 'team: a pending invitation, sent toast');
  });

  it('the member joins through the mailed link and sees only the Instances entry', async () => {
    const mail = await latestMailTo(server.url, memberEmail);
    const link = new URL(firstLink(mail.text));
    expect(link.pathname).toBe('/invitation');
    member = await newPage(browser, server.url);
    await member.goto(`${link.pathname}${link.search}`);
    await visible(member.getByRole('heading', { name: 'Join the Team' }));
    await expectAccessible(member, 'invitation: join form');
    expect(await member.getByLabel('Email Address').inputValue()).toBe(memberEmail);
    expect(await member.getByLabel('Organization').inputValue()).toBe('Analytical Engines');
    await member.getByLabel('Password', { exact: true }).fill('Member-pass1');
    await member.getByLabel('Repeat Password').fill('Member-pass1');
    await member.getByRole('button', { name: 'Join' }).click();
    await member.waitForURL(/\/instances$/);
    await visible(member.getByRole('heading', { name: 'Instances' }));
    expect(await menuLinks(member)).toEqual(['Instances']);
    await visible(member.getByText('Currently, there are no instances available.'));
    await expectAccessible(member, 'instances: empty, for a member who cannot create');
  });

  it("the member gets 'Not allowed' at /billing, and the activity log's own no-access panel", async () => {
    await member.goto('/billing');
    await visible(member.getByText(NOT_ALLOWED_MESSAGE));
    await visible(member.getByRole('heading', { name: 'Not allowed' }));
    await expectAccessible(member, 'not allowed');
    await member.goto('/activities');
    await visible(member.getByRole('heading', { name: 'No access to the activity log' }));
    await expectAccessible(member, 'activity: no access');
  });

  it('the owner removes the member, whose open tab is logged out on its next request', async () => {
    await owner.reload();
    const row = owner.getByRole('row').filter({ hasText: memberEmail });
    await visible(row.getByText('Joined'));
    await expectAccessible(owner, 'team: a member who joined');
    await row.getByRole('button', { name: 'Remove Grace Hopper' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Remove team member' });
    await visible(dialog.getByRole('button', { name: 'Remove' }));
    await expectAccessible(owner, 'team: remove confirmation');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await hidden(owner.getByRole('row').filter({ hasText: memberEmail }));

    // The member's tab still holds an access token; its next call (the instances list) is refused.
    await member.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Instances' }).click();
    await member.waitForURL(/\/login/);
    await visible(member.getByRole('button', { name: 'Login' }));
    await expectAccessible(member, 'login: after the session ended');
  });

  it('the owner sees these actions in the audit trail and exports them to CSV', async () => {
    await owner.getByRole('button', { name: /account menu/i }).click();
    await owner.getByRole('menuitem', { name: 'Audit Trail' }).click();
    await owner.waitForURL(/\/client\/audit$/);
    const table = owner.getByRole('table', { name: 'Audit trail' });
    for (const action of ['Create role', 'Invite member', 'Accept invitation', 'Remove member']) {
      await visible(table.getByRole('button', { name: action }));
    }
    await expectAccessible(owner, 'audit trail');

    // The full entry: the invitation's payload, its password-free body.
    await table.getByRole('button', { name: 'Invite member' }).click();
    const drawer = owner.getByRole('dialog', { name: 'Audit entry' });
    await visible(drawer.getByText(memberEmail));
    await expectAccessible(owner, 'audit trail: entry drawer open');
    await owner.keyboard.press('Escape');
    await hidden(drawer);

    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('button', { name: 'Export', exact: true }).click()]);
    await visible(owner.getByText(AUDIT_MESSAGES.exported));
    await expectAccessible(owner, 'audit trail: exported toast');
    expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await savedDownload(download);
    const csv = readFileSync(path, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Time,Username,Email,Action,Method,Endpoint,Status,Parameters,Payload');
    const invite = lines.find((l) => l.includes(',Invite member,'));
    expect(invite).toContain(memberEmail);
    expect(invite).toContain('POST,/api/client/members,201');
    expect(lines.some((l) => l.includes(',Remove member,DELETE,'))).toBe(true);
    expect(lines.some((l) => l.includes(',Accept invitation,'))).toBe(true);
    // The joining password never reaches the trail.
    expect(csv).not.toContain('Member-pass1');
  });

  it('the owner downloads the signed export, which verifies offline against the published key', async () => {
    await owner.getByRole('button', { name: 'Signed export' }).click();
    await visible(owner.getByRole('menuitem', { name: 'JSON Lines' }));
    await expectAccessible(owner, 'audit trail: signed export menu open');
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('menuitem', { name: 'JSON Lines' }).click()]);
    await visible(owner.getByText(AUDIT_MESSAGES.exported).first());
    expect(download.suggestedFilename()).toMatch(/^audit-chain-\d{4}-\d{2}-\d{2}\.jsonl$/);
    const text = readFileSync(await savedDownload(download), 'utf8');
    const key = ((await (await fetch(`${server.url}/api/audit/signing-key`)).json()) as { data: { publicKeyPem: string } }).data.publicKeyPem;
    const result = verifyAuditExport(text, key);
    expect(result, JSON.stringify(result.firstBad)).toMatchObject({ ok: true });
    expect(text).toContain('"action":"Remove member"');
  });
});
