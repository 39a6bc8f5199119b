import { randomBytes } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_TIMEOUT_MS } from '@replay/contracts';
import { checkedTarget, pinnedLookup, TargetRefused, type HostResolver, type ResolvedAddress } from '../../lib/ssrf-guard';

/** A new signing secret: Standard Webhooks' `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** The message body: `{ type, timestamp, data }`, data being the event without the console's own keys. */
export function messageBody(type: string, at: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

export interface Outgoing {
  endpoint: string;
  messageId: string;
  body: string;
  secret: string;
  authHeader: string | null;
  at: Date;
}

export interface AttemptOutcome {
  ok: boolean;
  /** As sent, the Authorization value masked (the log shows them). */
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/** The Standard Webhooks headers of a message, signed with the endpoint's secret. */
export function signedHeaders(o: Pick<Outgoing, 'messageId' | 'body' | 'secret' | 'at'>): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Replay-Console-Webhooks/1.0',
    'webhook-id': o.messageId,
    'webhook-timestamp': String(Math.floor(o.at.getTime() / 1000)),
    'webhook-signature': new StandardWebhook(o.secret).sign(o.messageId, o.at, o.body),
  };
}

/** Reads at most the excerpt's size of an answer, then lets the rest go. */
async function excerpt(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= WEBHOOK_RESPONSE_EXCERPT_BYTES) break;
  }
  body.destroy();
  return Buffer.concat(chunks)
    .subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
    .replaceAll('\u0000', '');
}

/**
 * One attempt: the target judged again (DNS resolved now, every address checked), then
 * a POST connected to exactly the addresses judged, no redirects followed, 15 s for
 * the whole exchange. Never throws: a refused target or a network error is an outcome.
 */
/**
 * Connections kept for one delivery pass, by endpoint origin and the exact addresses
 * judged for it: a later attempt reuses one only when its own fresh check judged the
 * same addresses, so keeping connections never skips a check.
 */
export class AgentPool {
  private readonly agents = new Map<string, Agent>();
  constructor(private readonly timeoutMs: number) {}

  for(origin: string, addresses: readonly ResolvedAddress[]): Agent {
    const key = `${origin} ${addresses.map((a) => a.address).join(',')}`;
    let agent = this.agents.get(key);
    if (!agent) {
      agent = new Agent({ connect: { lookup: pinnedLookup(addresses), timeout: this.timeoutMs }, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs });
      this.agents.set(key, agent);
    }
    return agent;
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((a) => a.close().catch(() => undefined)));
    this.agents.clear();
  }
}

export async function sendAttempt(o: Outgoing, opts: { allowPrivate: boolean; resolve: HostResolver; timeoutMs?: number; agents?: AgentPool }): Promise<AttemptOutcome> {
  const headers = signedHeaders(o);
  const logged = { ...headers, ...(o.authHeader ? { authorization: '••••••' } : {}) };
  const started = performance.now();
  const done = (rest: Omit<AttemptOutcome, 'requestHeaders' | 'durationMs'>): AttemptOutcome => ({
    ...rest,
    requestHeaders: logged,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(o.endpoint);
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const own = opts.agents ? null : new AgentPool(timeoutMs);
  try {
    const addresses = await checkedTarget(url, opts);
    const agent = (opts.agents ?? own!).for(url.origin, addresses);
    const answer = await request(url, {
      method: 'POST',
      dispatcher: agent,
      headers: { ...headers, ...(o.authHeader ? { authorization: o.authHeader } : {}) },
      body: o.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await excerpt(answer.body as unknown as AsyncIterable<Buffer> & { destroy(): void });
    return done({ ok: answer.statusCode >= 200 && answer.statusCode < 300, responseStatus: answer.statusCode, responseBody: text, error: null });
  } catch (err) {
    const error =
      err instanceof TargetRefused
        ? `Refused: ${err.message}`
        : err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `No answer within ${Math.round((opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000)} s`
          : `Connection failed: ${(err as { code?: string }).code ?? (err as Error).message}`;
    return done({ ok: false, responseStatus: null, responseBody: null, error });
  } finally {
    void own?.close();
  }
}
