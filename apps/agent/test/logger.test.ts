import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin, agentForTests, stats, storedEvents, type RunningAgent } from './support.ts';

/**
 * The logger options (the account's loggerOptions, pushed by the console's config step) on a
 * real agent process: refusals by client address and by page domain, counted in the stats,
 * and what of the recorded text is stored (input mode, e-mail addresses, digits).
 */
let agent: RunningAgent;
agentForTests((started) => (agent = started));

const PLAIN = { ipWhitelist: [], allowedDomains: [], defaultInputMode: 0, obscureEmailData: false, obscureNumericData: false };
const configure = async (logger: Record<string, unknown>) => {
  const res = await admin(agent, '/api/admin/config', { logger: { ...PLAIN, ...logger } });
  expect(res.status, await res.clone().text()).toBe(200);
};
const today = () => new Date().toISOString().slice(0, 10);
const sessionFile = (id: string) => join(agent.dataDir, 'sessions', today(), `${id}.jsonl`);
const storedLines = (id: string) => storedEvents(agent.dataDir, id);
const todaysErrors = () => join(agent.dataDir, 'errors', `${today()}.jsonl`);
const errorsStored = () => (existsSync(todaysErrors()) ? readFileSync(todaysErrors(), 'utf8').trim().split('\n').length : 0);

/** A tracker's POST from a given loopback address (127.0.0.x: another client as far as the agent knows). */
function post(path: string, body: unknown, opts: { from?: string; origin?: string } = {}): Promise<{ status: number; body: { errors?: string[] } }> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), Authorization: `Bearer ${agent.projectKey}` };
  if (opts.origin) headers.Origin = opts.origin;
  return new Promise((resolve, reject) => {
    const req = request(`${agent.url}${path}`, { method: 'POST', headers, localAddress: opts.from ?? '127.0.0.1' }, (res) => {
      let data = '';
      res.on('data', (c: Buffer) => (data += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? (JSON.parse(data) as { errors?: string[] }) : {} }));
    });
    req.on('error', reject);
    req.end(text);
  });
}
const batch = (sessionId: string, extra: Record<string, unknown> = {}) => ({ sessionId, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], ...extra });
const errorEvent = (sessionId: string, url: string | null) => ({
  sessionId,
  name: 'TypeError',
  message: 'boom',
  url,
  release: null,
  stack: 'TypeError: boom',
  frames: [{ file: 'app.js', function: null, line: 1, column: 1 }],
});

describe('ipWhitelist', () => {
  it('refuses recordings and errors from a client address outside the list (403, nothing stored, counted), and takes those inside', async () => {
    await configure({ ipWhitelist: ['127.0.0.1', '127.0.1.0/24', '2001:db8::/32'] });
    const before = (await stats(agent)).logger!;
    const refused = await post('/api/events', batch('ip-outside'), { from: '127.0.0.2' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['Client address 127.0.0.2 is not allowed to send recordings']);
    expect(existsSync(sessionFile('ip-outside'))).toBe(false);
    const errorsBefore = errorsStored();
    expect((await post('/api/errors', errorEvent('ip-outside', null), { from: '127.0.0.2' })).status).toBe(403);
    expect(errorsStored()).toBe(errorsBefore);

    expect((await post('/api/events', batch('ip-exact'))).status).toBe(202);
    expect((await post('/api/events', batch('ip-range'), { from: '127.0.1.9' })).status).toBe(202);
    expect([existsSync(sessionFile('ip-exact')), existsSync(sessionFile('ip-range'))]).toEqual([true, true]);
    expect((await post('/api/errors', errorEvent('ip-range', null), { from: '127.0.1.9' })).status).toBe(202);
    expect(errorsStored()).toBe(errorsBefore + 1);

    const after = (await stats(agent)).logger!;
    expect(after.refusedAddresses - before.refusedAddresses).toBe(2);
    expect(after.refusedDomains).toBe(before.refusedDomains);
  });

  it('accepts any address again once the list is empty', async () => {
    await configure({ ipWhitelist: [] });
    expect((await post('/api/events', batch('ip-any'), { from: '127.0.0.3' })).status).toBe(202);
  });

  it('refuses a list entry that is no address or range, keeping the last options', async () => {
    const res = await admin(agent, '/api/admin/config', { logger: { ...PLAIN, ipWhitelist: ['10.0.0.0/33'] } });
    expect(res.status).toBe(400);
    expect(JSON.parse(readFileSync(join(agent.dataDir, 'config.json'), 'utf8')).logger.ipWhitelist).toEqual([]);
  });
});

describe('allowedDomains', () => {
  it('refuses a page on another host, judged by its Origin, else by its page URL; *. takes subdomains', async () => {
    await configure({ allowedDomains: ['shop.example.com', '*.example.org'] });
    const before = (await stats(agent)).logger!;
    const cases: [string, { origin?: string; url?: string }, number][] = [
      ['dom-origin', { origin: 'https://shop.example.com' }, 202],
      ['dom-url', { url: 'https://shop.example.com/cart?x=1' }, 202],
      ['dom-sub', { url: 'https://eu.example.org/' }, 202],
      ['dom-apex', { url: 'https://example.org/' }, 403],
      ['dom-other-origin', { origin: 'https://evil.example.net', url: 'https://shop.example.com/' }, 403],
      ['dom-lookalike', { url: 'https://shop.example.com.evil.net/' }, 403],
      ['dom-unknown', { url: '/relative' }, 403],
    ];
    for (const [id, { origin, url }, status] of cases) {
      const res = await post('/api/events', batch(id, url ? { url } : {}), origin ? { origin } : {});
      expect([id, res.status]).toEqual([id, status]);
      expect([id, existsSync(sessionFile(id))]).toEqual([id, status === 202]);
    }
    const refused = await post('/api/events', batch('dom-message', { url: 'https://example.org/' }));
    expect(refused.body.errors).toEqual(['Recordings from example.org are not allowed']);
    expect(await post('/api/errors', errorEvent('dom-error', 'https://other.example.net/')).then((r) => r.status)).toBe(403);
    expect(await post('/api/errors', errorEvent('dom-error', 'https://shop.example.com/')).then((r) => r.status)).toBe(202);
    const after = (await stats(agent)).logger!;
    expect(after.refusedDomains - before.refusedDomains).toBe(6);
    await configure({ allowedDomains: [] });
    expect((await post('/api/events', batch('dom-any', { url: '/relative' }))).status).toBe(202);
  });
});

describe('what is stored', () => {
  // rrweb's events: a typed value (Input, source 5), page text and a field added to the page (a mutation), and a snapshot's field.
  const typed = { type: 3, timestamp: 17, data: { source: 5, id: 7, text: 'ada@example.com', isChecked: false } };
  const field = (value: string) => ({ type: 2, tagName: 'input', attributes: { value }, childNodes: [], id: 10 });
  const mutation = (text: string, value: string) => ({
    type: 3,
    timestamp: 18,
    data: { source: 0, texts: [{ id: 9, value: text }], attributes: [], removes: [], adds: [{ parentId: 1, nextId: null, node: field(value) }] },
  });
  const snapshot = (value: string) => ({
    type: 2,
    timestamp: 19,
    data: { node: { type: 0, id: 1, childNodes: [{ type: 2, tagName: 'textarea', attributes: { value }, childNodes: [], id: 3 }] }, initialOffset: { left: 0, top: 0 } },
  });
  const events = [typed, mutation('Order 1234 for ada@example.com', 'Card 4242'), snapshot('my notes')];

  it('stores the text as sent by default', async () => {
    await configure({});
    expect((await post('/api/events', { sessionId: 'mask-plain', events })).status).toBe(202);
    expect(storedLines('mask-plain')).toEqual(events);
  });

  it('obscures typed values (mode 1) and empties them (mode 2), in input events, added fields and snapshots, keeping page text', async () => {
    await configure({ defaultInputMode: 1 });
    await post('/api/events', { sessionId: 'mask-obscured', events });
    expect(storedLines('mask-obscured')).toEqual([{ ...typed, data: { ...typed.data, text: '***************' } }, mutation('Order 1234 for ada@example.com', '*********'), snapshot('********')]);
    await configure({ defaultInputMode: 2 });
    await post('/api/events', { sessionId: 'mask-ignored', events });
    expect(storedLines('mask-ignored')).toEqual([{ ...typed, data: { ...typed.data, text: '' } }, mutation('Order 1234 for ada@example.com', ''), snapshot('')]);
  });

  it('obscures e-mail addresses and digits in every string of the events, leaving numbers and the event type', async () => {
    await configure({ obscureEmailData: true });
    await post('/api/events', { sessionId: 'mask-email', events });
    expect(storedLines('mask-email')).toEqual([{ ...typed, data: { ...typed.data, text: '***************' } }, mutation('Order 1234 for ***************', 'Card 4242'), snapshot('my notes')]);
    await configure({ obscureNumericData: true });
    await post('/api/events', { sessionId: 'mask-digits', events });
    expect(storedLines('mask-digits')[1]).toEqual(mutation('Order **** for ada@example.com', 'Card ****'));
  });
});

describe("the tracker's console messages (rrweb Plugin events)", () => {
  const consoleEvent = (text: string) => ({
    type: 6,
    timestamp: 20,
    data: { plugin: 'rrweb/console@1', payload: { level: 'log', payload: [JSON.stringify(text)], trace: ['at pay (https://shop.example/app.js:12:5)'] } },
  });

  it('are taken by ingest and stored as sent by default', async () => {
    await configure({});
    const event = consoleEvent('Paid 42 by ada@example.com');
    expect((await post('/api/events', { sessionId: 'console-plain', events: [event] })).status).toBe(202);
    expect(storedLines('console-plain')).toEqual([event]);
  });

  it('have e-mail addresses and digits obscured in their messages and trace, keeping the plugin’s name and the level', async () => {
    await configure({ obscureEmailData: true, obscureNumericData: true });
    await post('/api/events', { sessionId: 'console-masked', events: [consoleEvent('Paid 42 by ada@example.com')] });
    const [stored] = storedLines('console-masked');
    expect(stored).toEqual({
      type: 6,
      timestamp: 20,
      data: { plugin: 'rrweb/console@1', payload: { level: 'log', payload: ['"Paid ** by ***************"'], trace: ['at pay (https://shop.example/app.js:**:*)'] } },
    });
    expect(readFileSync(sessionFile('console-masked'), 'utf8')).not.toContain('ada@example.com');
  });
});
