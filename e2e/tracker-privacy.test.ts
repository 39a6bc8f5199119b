import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestUrlOf } from '@replay/contracts';
import { admin, type RunningAgent } from '../apps/agent/test/support';
import { storedBytes, watchBatches, type Site } from './support/site';
import { startTrackedShop, type TrackedShop } from './support/tracked-shop';

/**
 * Private by default, in chromium (issue 43, point 2): a site with the console's script snippet,
 * a plain field, a password field, a one-time-code field, a field named for a key, a hidden
 * field, a `data-replay-mask` paragraph, a `data-replay-block` box and a link whose query carries
 * a token, opened at an address with a query and a fragment. Something is typed into each and an
 * error is thrown. Then every byte the agent stored (its whole data folder) is scanned: the plain
 * text is there, no secret is. The tenant's logger options apply at the source: what leaves the
 * page (read off the wire, unpacked) already has the typed text obscured.
 */
let shop: TrackedShop;
let agent: RunningAgent;
let site: Site;
let browser: Browser;

const SECRETS = {
  password: 'PwSecret-4821',
  otp: 'OtpSecret-7731',
  apiKey: 'KeySecret-1194',
  hidden: 'HiddenSecret-5520',
  maskedText: 'MaskedInitialText',
  maskedTyped: 'MaskedTyped',
  blockedText: 'BlockedInitialText',
  blockedTyped: 'BlockedTyped',
  query: 'QuerySecret-3310',
  fragment: 'FragmentSecret-8812',
  link: 'LinkSecret-6605',
};
const PLAIN = 'PlainVisibleText';

const BODY = `
  <label>Name <input id="plain" name="name"></label>
  <label>Password <input id="password" type="password" name="pw"></label>
  <label>Code <input id="otp" autocomplete="one-time-code"></label>
  <label>Key <input id="apikey" name="api_key"></label>
  <input type="hidden" name="csrf" value="${SECRETS.hidden}">
  <p id="masked" data-replay-mask contenteditable="true">${SECRETS.maskedText}</p>
  <div id="blocked" data-replay-block style="width:200px;height:50px"><span contenteditable="true">${SECRETS.blockedText}</span></div>
  <a id="reset" href="/reset?token=${SECRETS.link}">Reset your password</a>
  <button id="boom" onclick="throw new Error('Boom in the shop')">Pay</button>`;

beforeAll(async () => {
  shop = await startTrackedShop(BODY);
  ({ agent, site, browser } = shop);
});

afterAll(() => shop?.stop());

async function typeEverywhere(plain: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sent = watchBatches(page, ingestUrlOf(agent.url));
  await page.goto(`${site.url}/shop?token=${SECRETS.query}#${SECRETS.fragment}`);
  // Recording has begun once the first batch (with the page's snapshot) left.
  await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.locator('#plain').fill(plain);
  await page.locator('#password').pressSequentially(SECRETS.password);
  await page.locator('#otp').fill(SECRETS.otp);
  await page.locator('#apikey').fill(SECRETS.apiKey);
  await page.locator('#masked').pressSequentially(SECRETS.maskedTyped);
  await page.locator('#blocked span').pressSequentially(SECRETS.blockedTyped);
  await page.locator('#boom').click();
  return { context, page, sent };
}

describe('what the tracker keeps of a page', () => {
  it('stores the plain field’s text and the error, and no password, code, key, hidden value, masked or blocked text, query or fragment', async () => {
    const { context, sent } = await typeEverywhere(PLAIN);
    await expect.poll(() => storedBytes(agent.dataDir).includes(PLAIN) && storedBytes(agent.dataDir).includes('Boom in the shop'), { timeout: 20_000 }).toBe(true);
    await context.close();
    const stored = storedBytes(agent.dataDir);
    for (const [what, secret] of Object.entries(SECRETS)) expect(stored.includes(secret), `${what} is stored`).toBe(false);
    // The blocked box is recorded as a box (rrweb's rr_width / rr_height), the link without its query.
    expect(stored).toContain('"rr_width":"200px"');
    expect(stored).toContain(`"href":"${site.url}/reset"`);
    // The error reached the errors endpoint with its frames, and the replay's stream marks it.
    expect(stored).toMatch(/"message":"Uncaught Error: Boom in the shop"|"message":"Boom in the shop"/);
    expect(stored).toContain('"tag":"error"');
    expect(sent.flatMap((b) => b.body.events).some((e) => e.type === 4 && e.data?.href === `${site.url}/shop`)).toBe(true);
  });

  it('applies the tenant’s logger options in the browser: typed text leaves the page already obscured', async () => {
    const logger = { ipWhitelist: [], allowedDomains: [], defaultInputMode: 1, obscureEmailData: true, obscureNumericData: false };
    expect((await admin(agent, '/api/admin/config', { logger })).status).toBe(200);
    const typed = 'ObscuredAtSource';
    const { context, page, sent } = await typeEverywhere(typed);
    await page.locator('#masked').evaluate((p) => p.insertAdjacentHTML('afterend', '<p id="mail">Write to ada@example.com</p>'));
    await expect.poll(() => sent.some((b) => b.body.events.some((e) => e.type === 3 && e.data?.source === 5 && e.data?.text === '*'.repeat(typed.length))), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => sent.some((b) => JSON.stringify(b.body).includes('Write to ***************')), { timeout: 20_000 }).toBe(true);
    await context.close();
    const wire = JSON.stringify(sent.map((b) => b.body));
    expect(wire).not.toContain(typed);
    expect(wire).not.toContain('ada@example.com');
    expect(storedBytes(agent.dataDir)).not.toContain(typed);
  });
});
