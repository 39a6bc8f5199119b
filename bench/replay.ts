/**
 * The instance's replay screen in chromium (issue 43, point 7): a 30-minute synthetic session
 * (a 200-row page, then every 10 s mouse moves, text changes, a click and an input; ~9,000
 * rrweb events) stored through ingest into a real agent; then, RUNS times on a fresh page:
 *   - time to first frame: from navigation start to rrweb's iframe holding the recorded page's
 *     text (the events fetched, the bundle run, the snapshot built) — goal ≤ 1 s;
 *   - seek to the end: from "Jump to the next error" (the session's one error is its last event)
 *     to the iframe showing the last text change — goal ≤ 300 ms.
 * Medians are reported.
 */
import { randomUUID } from 'node:crypto';
import { TOKEN_ISSUER } from '@replay/agent-protocol';
import { TRACKER_EVENT_TAGS } from '@replay/agent-protocol/plain';
import { ensureReplayUiBuilt } from '../apps/agent/scripts/build-replay-ui.mjs';
import { signToken } from '../apps/agent/src/tokens.ts';
import { launchBrowser } from '../e2e/support/browser';
import { startBenchAgent } from './agent';
import { fullSnapshot } from './rrweb-page';

const PORT = Number(process.env.PORT ?? 47310);
const RUNS = Number(process.env.RUNS ?? 5);
const MINUTES = 30;
const BATCH_MS = 10_000;
const START = Date.UTC(2026, 0, 10, 9, 0, 0);

function batchOf(n: number, last: boolean): unknown[] {
  const t = START + n * BATCH_MS;
  const events: unknown[] = n === 0 ? [{ type: 4, timestamp: t, data: { href: 'https://shop.example/orders', width: 1280, height: 720 } }, fullSnapshot(t + 1, 200, (i) => `Order #${i} shipped`)] : [];
  for (let i = 0; i < 40; i++) events.push({ type: 3, timestamp: t + 10 + i * 200, data: { source: 1, positions: [{ x: 100 + i, y: 200 + i, id: 12, timeOffset: -50 }] } });
  for (let i = 0; i < 8; i++)
    events.push({ type: 3, timestamp: t + 20 + i * 900, data: { source: 0, texts: [{ id: 11 + 2 * i, value: `Order #${i} at ${n}` }], attributes: [], removes: [], adds: [] } });
  events.push({ type: 3, timestamp: t + 5_000, data: { source: 2, type: 2, id: 12, x: 140, y: 240 } });
  if (last) {
    events.push({ type: 3, timestamp: t + 9_000, data: { source: 0, texts: [{ id: 11, value: 'The last change' }], attributes: [], removes: [], adds: [] } });
    events.push({ type: 5, timestamp: t + 9_500, data: { tag: TRACKER_EVENT_TAGS.error, payload: { message: 'at the end' } } });
  }
  return events;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface ReplayFigures {
  events: number;
  firstFrameMs: number;
  seekToEndMs: number;
}

export async function benchReplay(): Promise<ReplayFigures> {
  await ensureReplayUiBuilt();
  const limits = { AGENT_CLIENT_REQUESTS_PER_SECOND: '1000000', AGENT_INSTANCE_REQUESTS_PER_SECOND: '1000000', AGENT_MIN_FREE_MB: '0' };
  const agent = await startBenchAgent({ instanceId: 'bench-replay', port: PORT, env: limits });
  const { url: base, secret, projectKey, instanceId } = agent;
  const browser = await launchBrowser();
  try {
    const batches = (MINUTES * 60_000) / BATCH_MS;
    let events = 0;
    for (let n = 0; n < batches; n++) {
      const batch = batchOf(n, n === batches - 1);
      events += batch.length;
      const res = await fetch(`${base}/api/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${projectKey}` },
        body: JSON.stringify({ sessionId: 'long', events: batch }),
      });
      if (res.status !== 202) throw new Error(`batch answered ${res.status}`);
    }
    const firstFrames: number[] = [];
    const seeks: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      const page = await context.newPage();
      const token = signToken(
        { scope: 'login', aud: instanceId, exp: Math.floor(Date.now() / 1000) + 60, jti: randomUUID(), sub: 'u1', name: 'Bench', email: 'bench@example.com' },
        secret,
        TOKEN_ISSUER,
      );
      await page.goto(`${base}/login?token=${token}`);
      await page.goto(`${base}/sessions/long`);
      // performance.now() counts from this navigation's start.
      firstFrames.push(
        await page.evaluate(async () => {
          for (;;) {
            const frame = document.querySelector<HTMLIFrameElement>('.rr-player__frame iframe');
            if (frame?.contentDocument?.body?.textContent?.includes('Order #199')) return performance.now();
            await new Promise((r) => requestAnimationFrame(r));
          }
        }),
      );
      seeks.push(
        await page.evaluate(async () => {
          const frame = document.querySelector<HTMLIFrameElement>('.rr-player__frame iframe')!;
          const started = performance.now();
          document.querySelector<HTMLButtonElement>('#next-error')!.click();
          while (!frame.contentDocument?.body?.textContent?.includes('The last change')) await new Promise((r) => requestAnimationFrame(r));
          return performance.now() - started;
        }),
      );
      await context.close();
    }
    return { events, firstFrameMs: Math.round(median(firstFrames)), seekToEndMs: Math.round(median(seeks)) };
  } finally {
    await browser.close();
    await agent.stop();
  }
}

export function replayReport(f: ReplayFigures): string[] {
  return [
    `replay of a ${MINUTES}-minute session (${f.events} rrweb events) in chromium, median of ${RUNS}: first frame ${f.firstFrameMs} ms from navigation (goal ≤ 1000 ms), seek to its end ${f.seekToEndMs} ms (goal ≤ 300 ms)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of replayReport(await benchReplay())) console.log(line);
}
