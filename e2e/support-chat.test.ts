import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { newPage } from './support/browser';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * Issue 46's support chat in chromium, both sides: a member writes from their instance's page
 * (Contact support); an operator, in another browser context with no member session, enters the
 * console's OPERATOR_TOKEN on /operator/support, answers and adds an internal note; the member's
 * Support entry counts the answer and the open thread shows the next one as it is sent (the live
 * stream's `support` message: no reload, and before the 30 s poll would ask). Both sides are
 * judged by axe and used at a phone's width.
 */
let server: ConsoleServer;
let browser: Browser;
let member: Page;
let operator: Page;

const stamp = Date.now();
const OPERATOR_TOKEN = `e2e-operator-token-${stamp}-0123456789abcdef`;
const subject = 'Backups fail every night';
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  ({ server, browser, page: member } = await openJourney({ env: { OPERATOR_TOKEN } }));
  operator = await newPage(browser, server.url);
});
afterAll(() => closeJourney({ server, browser }));

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Support' });
const supportEntry = (name: string | RegExp) => member.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name });
/** The page's width beyond the window's: 0 when nothing sticks out sideways. */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function withinPhoneWidth(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

async function operatorAnswers(body: string, opts: { internal?: boolean } = {}): Promise<void> {
  if (opts.internal) await operator.getByRole('checkbox', { name: 'Internal note' }).check();
  const box = operator.getByLabel(opts.internal ? 'Internal note' : 'Reply to the customer', { exact: true }).and(operator.locator('textarea'));
  await box.fill(body);
  await operator.getByRole('button', { name: opts.internal ? 'Add internal note' : 'Send reply' }).click();
  await visible(operator.getByRole('list', { name: 'Messages' }).getByText(body));
  if (opts.internal) await operator.getByRole('checkbox', { name: 'Internal note' }).uncheck();
}

describe('the support chat in chromium', () => {
  it('lets a member write from their instance’s page', { timeout: 180_000 }, async () => {
    await signUpWithRunningInstance(member, { owner: 'Ada Chat', organization: 'Chat Works', email: `chat-${stamp}@example.com`, name: 'Chat Shop', url: `chat-${stamp}`, settleMs: 60_000 });
    await member.getByRole('button', { name: 'Contact support' }).click();
    const chat = drawer(member);
    await visible(chat.getByText('About Chat Shop'));
    await chat.getByLabel('Subject').fill(subject);
    await chat.getByLabel('Message', { exact: true }).fill('The nightly backup has failed three times.');
    await expectAccessible(member, 'support drawer: new conversation');
    await chat.getByRole('button', { name: 'Send' }).click();
    await visible(chat.getByRole('list', { name: 'Messages' }).getByText('The nightly backup has failed three times.'));
    await expectAccessible(member, 'support drawer: thread');
    await member.keyboard.press('Escape');
    await hidden(chat);
    await visible(supportEntry(/^Support$/));
  });

  it('lets an operator in with the token only, and answer from the queue', { timeout: 60_000 }, async () => {
    await operator.goto('/operator/support');
    await operator.getByLabel(/Operator token/).fill('not-the-operator-token');
    await operator.getByRole('button', { name: 'Open the queue' }).click();
    await visible(operator.getByRole('alert').getByText(SUPPORT_MESSAGES.operatorTokenWrong));
    await expectAccessible(operator, 'operator screen: wrong token');
    await operator.getByLabel(/Operator token/).fill(OPERATOR_TOKEN);
    await operator.getByRole('button', { name: 'Open the queue' }).click();
    const row = operator.getByRole('table', { name: 'Open conversations' }).getByRole('row', { name: new RegExp(subject) });
    await visible(row.getByText('Chat Works'));
    await visible(row.getByText('Chat Shop'));
    await expectAccessible(operator, 'operator screen: queue');
    await row.getByRole('button', { name: subject }).click();
    await visible(operator.getByRole('complementary', { name: 'Chat Works' }).getByText('Chat Shop — running', { exact: false }));
    await operatorAnswers('The disk was full; we made room.');
    await operatorAnswers('Customer ignored the disk alert.', { internal: true });
    await expectAccessible(operator, 'operator screen: thread with a reply and an internal note');
  });

  it('shows the member the answer without a reload: the unread count, then the open thread', { timeout: 60_000 }, async () => {
    await visible(supportEntry('Support, 1 unread'));
    await supportEntry('Support, 1 unread').click();
    const chat = drawer(member);
    await chat.getByRole('button', { name: `${subject}, 1 unread` }).click();
    const messages = chat.getByRole('list', { name: 'Messages' });
    await visible(messages.getByText('The disk was full; we made room.'));
    expect(await messages.getByText('Customer ignored the disk alert.').count()).toBe(0);
    await visible(supportEntry(/^Support$/));
    await expectAccessible(member, 'support drawer: the answer read');
    // The thread stays open: the next answer arrives in it.
    await operatorAnswers('Backups run again from tonight.');
    await visible(messages.getByText('Backups run again from tonight.'));
  });

  it('keeps both sides usable at 390 px', { timeout: 60_000 }, async () => {
    await member.setViewportSize(PHONE);
    const chat = drawer(member);
    await visible(chat.getByLabel('Your reply'));
    await withinPhoneWidth(chat.getByRole('button', { name: 'Send' }));
    expect(await sidewaysOverflow(member)).toBe(0);
    await chat.getByLabel('Your reply').fill('Thank you!');
    await chat.getByRole('button', { name: 'Send' }).click();
    await visible(chat.getByRole('list', { name: 'Messages' }).getByText('Thank you!'));
    await expectAccessible(member, '390 px: support drawer thread');

    await operator.setViewportSize(PHONE);
    await withinPhoneWidth(operator.getByRole('button', { name: 'Send reply' }));
    await withinPhoneWidth(operator.getByRole('button', { name: 'Close conversation' }));
    expect(await sidewaysOverflow(operator)).toBe(0);
    await operator.getByRole('button', { name: 'Close conversation' }).click();
    await visible(operator.getByRole('button', { name: 'Reopen conversation' }));
    await expectAccessible(operator, '390 px: operator thread, closed');
  });
});
