import type { Browser } from 'playwright-core';
import { trackerSnippets } from '@replay/contracts';
import { cleanUp, startAgentProcess, type RunningAgent } from '../../apps/agent/test/support';
import { launchBrowser } from './browser';
import { html, startSite, type Site } from './site';

export interface TrackedShop {
  agent: RunningAgent;
  site: Site;
  browser: Browser;
  stop(): Promise<void>;
}

/** A real agent, a customer's site whose /shop carries the console's script snippet for it over `body`, and chromium. */
export async function startTrackedShop(body: string): Promise<TrackedShop> {
  const agent = await startAgentProcess({ version: '1.21' });
  const site = await startSite();
  const browser = await launchBrowser();
  const { script } = trackerSnippets({ instanceUrl: agent.url, projectKey: agent.projectKey, trackerVersion: '16.0.0' });
  site.pages.set('/shop', html(script, body));
  return {
    agent,
    site,
    browser,
    async stop() {
      await browser.close();
      await site.stop();
      await agent.stop();
      await cleanUp();
    },
  };
}
