import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentHeapLimitMib } from '@replay/agent-protocol';
import { SWITCH_MESSAGES } from '@replay/contracts';
import { signalAll } from './support/agents';
import { expectAccessible } from './support/axe';
import { letAccountPay, signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import { agentPids, type ConsoleServer } from './support/server';
import { disabled, hidden, visible } from './support/wait';

/**
 * Switch Instance in chromium, against the real console and a real agent: a
 * free account is sent to billing setup for a larger type; once it may pay,
 * the drawer shows each type's figures and price and the difference to
 * today's, asks for confirmation, the instance goes 'Upgrading', and it
 * settles as Medium with the new figures on screen, its agent restarted with
 * the medium limits (4 vCPU, the medium heap limit).
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;

const stamp = Date.now();
const name = 'Switch Shop';
/** Status polling runs every 10 s; creating or restarting an agent takes a few more. */
const SETTLE_MS = 60_000;

/**
 * The agent held (SIGSTOP) while the switch is under way, so that Upgrading is on screen for as long
 * as the test looks and the success toast (3 s) comes only once its wait has begun: a switch that
 * ends sooner would leave neither to see. The console's stop of an agent waits out the hold
 * (AGENT_STOP_GRACE_SECONDS) before it would kill it.
 */
let held: number[] = [];

beforeAll(async () => {
  ({ server, browser, page } = await openJourney({ env: { AGENT_STOP_GRACE_SECONDS: '120' } }));
});
afterAll(() => {
  signalAll(held, 'SIGCONT');
  return closeJourney({ server, browser });
});

const badge = (tone: string, label: string) => page.locator(`[data-tone="${tone}"]`, { hasText: label });
const drawer = () => page.getByRole('dialog', { name: 'Switch Instance' });

async function openSwitchDrawer(): Promise<void> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Switch Instance' }).click();
  await visible(drawer());
}

/** The agent's own process: its command line names the instance, its environment the heap limit it runs with. */
function agentEnvironment(): string {
  const [pid] = agentPids(server.dataDir);
  return readFileSync(`/proc/${pid}/environ`, 'utf8');
}

describe('Switch Instance journey in chromium', () => {
  it('signs up and creates a small instance, which runs', async () => {
    await signUpWithRunningInstance(page, {
      owner: 'Grace Owner',
      organization: 'Switch Works',
      email: `switch-${stamp}@example.com`,
      name,
      url: `switch-${stamp}`,
      settleMs: SETTLE_MS,
    });
    await visible(page.getByText('Small · 2 vCPU, 8 GB RAM'));
    await expectAccessible(page, 'details: small instance running');
    expect(agentEnvironment()).toContain(`NODE_OPTIONS=--max-old-space-size=${agentHeapLimitMib(8)}`);
  });

  it('lists the three types with their figures and prices, and sends a free account to billing setup for a larger one', async () => {
    await openSwitchDrawer();
    const d = drawer();
    await visible(d.getByRole('radio', { name: 'Small (current): 2 vCPU, 8 GB RAM, 120 GB Disk, $198.72 per month' }));
    await visible(d.getByRole('radio', { name: 'Medium: 4 vCPU, 16 GB RAM, 240 GB Disk, $398.88 per month' }));
    await visible(d.getByRole('radio', { name: 'Large: 8 vCPU, 32 GB RAM, 480 GB Disk, $798.48 per month' }));
    await disabled(d.getByRole('button', { name: 'Choose another type' }));
    await expectAccessible(page, 'switch: drawer open');
    await d.getByRole('radio', { name: /^Medium/ }).click();
    await visible(d.getByText(SWITCH_MESSAGES.billingRequired));
    await visible(d.getByRole('link', { name: 'Set up billing' }));
    await expectAccessible(page, 'switch: billing required for a larger type');
    await d.getByRole('button', { name: 'Cancel' }).click();
    await hidden(d);
  });

  it('once the account may pay (an enterprise one, set while the console is down), switches small → medium after a confirmation', async () => {
    server = await letAccountPay(server);
    await page.reload();
    await badge('success', 'Running').waitFor({ timeout: SETTLE_MS });

    await openSwitchDrawer();
    const d = drawer();
    await d.getByRole('radio', { name: /^Medium/ }).click();
    await visible(d.getByText("Medium: $398.88 per month, +$200.16 per month compared with today's $198.72."));
    await expectAccessible(page, 'switch: medium chosen, the difference shown');
    await d.getByRole('button', { name: 'Switch to Medium' }).click();
    await visible(d.getByText(`Switch ${name} to Medium?`));
    await visible(d.getByText(/The monthly price goes from \$198\.72 to \$398\.88 \(\+\$200\.16 per month\)/));
    await expectAccessible(page, 'switch: confirmation');
    held = agentPids(server.dataDir);
    expect(held).not.toEqual([]);
    signalAll(held, 'SIGSTOP');
    await d.getByRole('button', { name: 'Confirm switch' }).click();
    await hidden(d);
    await visible(badge('progress', 'Upgrading'));
    await expectAccessible(page, 'details: upgrading');
  });

  it('settles as Medium: the toast, the new type and price on screen, and the agent restarted with the medium limits', async () => {
    const toast = page.getByText(SWITCH_MESSAGES.switched).waitFor({ timeout: SETTLE_MS });
    signalAll(held, 'SIGCONT');
    await toast;
    await expectAccessible(page, 'details: switched, success toast');
    await visible(page.getByText('Medium · 4 vCPU, 16 GB RAM'));
    await visible(page.getByText('$398.88 per month', { exact: true }));
    await badge('success', 'Running').waitFor({ timeout: SETTLE_MS });
    await page.getByRole('tab', { name: 'Events' }).click();
    await visible(page.getByRole('cell', { name: 'Scale Up' }));
    await expectAccessible(page, 'details: running as medium');
    expect(agentPids(server.dataDir)).toHaveLength(1);
    expect(agentEnvironment()).toContain(`NODE_OPTIONS=--max-old-space-size=${agentHeapLimitMib(16)}`);
    const health = await page.evaluate(async () => {
      const link = document.querySelector<HTMLAnchorElement>('a[href^="http://localhost:"]');
      return (await (await fetch(`${link!.href.replace(/\/$/, '')}/api/health`)).json()) as { resources: { vcpu: number; memoryGb: number } };
    });
    expect(health.resources).toEqual({ vcpu: 4, memoryGb: 16, diskGb: 120 });
  });
});
