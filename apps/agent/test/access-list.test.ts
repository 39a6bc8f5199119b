import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admitsAddress, matchingEntry } from '@replay/agent-protocol/addresses';
import { admin, agentForTests, consoleToken, type RunningAgent } from './support.ts';

/**
 * The instance's network access list on a real agent process: requests from an address off
 * the list are refused before any route (a page for a browser, JSON for the rest), while the
 * health check and the console's calls stay open to every address. 127.0.0.x are other clients
 * as far as the agent knows (the connection's own address is all it believes).
 */
let agent: RunningAgent;
agentForTests((started) => (agent = started));

interface Answer {
  status: number;
  type: string;
  text: string;
}

function send(method: string, path: string, opts: { from: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${agent.url}${path}`, { method, headers: opts.headers ?? {}, localAddress: opts.from }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const configure = async (accessList: unknown) => admin(agent, '/api/admin/config', { accessList });
const today = () => new Date().toISOString().slice(0, 10);
const events = (sessionId: string) => JSON.stringify({ sessionId, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }] });
const tracker = (sessionId: string, from: string) =>
  send('POST', '/api/events', { from, body: events(sessionId), headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` } });
const check = async (address: string) => (await admin(agent, '/api/admin/access-check', { address })).json();

describe('the network access list on the agent', () => {
  it('refuses every other address before any route, a page for a browser and JSON for the rest, and admits the listed ones', async () => {
    expect((await configure(['127.0.0.1', '2001:db8::/32'])).status).toBe(200);

    const page = await send('GET', '/', { from: '127.0.0.2', headers: { Accept: 'text/html' } });
    expect(page.status).toBe(403);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('Your address (127.0.0.2) may not reach this instance.');

    const refused = await tracker('acl-outside', '127.0.0.2');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({
      errors: ["Your address (127.0.0.2) may not reach this instance. Ask the instance's owner to add it to the instance's network access list in the console."],
    });
    expect(existsSync(join(agent.dataDir, 'sessions', today(), 'acl-outside.jsonl'))).toBe(false);

    expect((await send('GET', '/', { from: '127.0.0.1', headers: { Accept: 'text/html' } })).status).toBe(200);
    expect((await tracker('acl-inside', '127.0.0.1')).status).toBe(202);
  });

  it('keeps the health check and the console calls open to every address, and only with a valid admin token', async () => {
    await configure(['203.0.113.0/24']);
    expect((await send('GET', '/api/health', { from: '127.0.0.3' })).status).toBe(200);
    const token = { Authorization: `Bearer ${consoleToken(agent, 'admin')}` };
    const config = await send('GET', '/api/admin/config', { from: '127.0.0.3', headers: token });
    expect(config.status).toBe(200);
    expect(JSON.parse(config.text).accessList).toEqual(['203.0.113.0/24']);
    // The console's CORS tester asks the preflight with its token: the answer is the CORS rule's, not the list's.
    const preflight = await send('OPTIONS', '/api/events', { from: '127.0.0.3', headers: { ...token, Origin: 'https://shop.example.com', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    // A project key is no pass, nor a login token, nor another instance's admin token.
    expect((await tracker('acl-key', '127.0.0.3')).status).toBe(403);
    const login = { Authorization: `Bearer ${consoleToken(agent, 'login')}` };
    expect((await send('GET', '/api/sessions', { from: '127.0.0.3', headers: login })).status).toBe(403);
    const other = { Authorization: `Bearer ${consoleToken({ ...agent, instanceId: 'another' }, 'admin')}` };
    expect((await send('GET', '/', { from: '127.0.0.3', headers: other })).status).toBe(403);
  });

  it('answers the console tester with the entry that admits an address', async () => {
    await configure(['127.0.0.1', '2001:db8::/32', '198.51.100.0/24']);
    expect(await check('2001:db8::5')).toEqual({ address: '2001:db8::5', allowed: true, open: false, matched: '2001:db8::/32' });
    expect(await check('198.51.100.77')).toEqual({ address: '198.51.100.77', allowed: true, open: false, matched: '198.51.100.0/24' });
    expect(await check('192.0.2.1')).toEqual({ address: '192.0.2.1', allowed: false, open: false, matched: null });
    const range = await admin(agent, '/api/admin/access-check', { address: '10.0.0.0/8' });
    expect(range.status).toBe(400);
    await configure([]);
    expect(await check('192.0.2.1')).toEqual({ address: '192.0.2.1', allowed: true, open: true, matched: null });
    expect((await tracker('acl-open', '127.0.0.4')).status).toBe(202);
  });

  it('refuses a list it cannot enforce (400) and keeps the one it has', async () => {
    await configure(['127.0.0.1']);
    for (const bad of [['localhost'], ['10.0.0.0/33'], ['127.0.0.1', '127.0.0.1'], 'any', Array.from({ length: 101 }, (_, i) => `10.0.0.${i}`)]) {
      const res = await configure(bad);
      expect(res.status).toBe(400);
      expect((await res.json()).errors[0]).toMatch(/^accessList must be a list of at most 100 IP addresses or CIDR ranges/);
    }
    expect((await send('GET', '/', { from: '127.0.0.2', headers: { Accept: 'text/html' } })).status).toBe(403);
    await configure([]);
  });
});

describe('the access list rule', () => {
  it('matches addresses, ranges of both families and IPv4-mapped IPv6 addresses, and names the first entry', () => {
    const list = ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32', '0.0.0.0/0'];
    expect(matchingEntry(list.slice(0, 3), '203.0.113.7')).toBe('203.0.113.7');
    expect(matchingEntry(list.slice(0, 3), '::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(matchingEntry(list.slice(0, 3), '2001:db8:1::1')).toBe('2001:db8::/32');
    expect(matchingEntry(list.slice(0, 3), '2001:db9::1')).toBeNull();
    expect(matchingEntry(list.slice(0, 3), 'not an address')).toBeNull();
    expect(matchingEntry(list, '192.0.2.1')).toBe('0.0.0.0/0');
    const admits = admitsAddress(list.slice(0, 3));
    expect([admits('203.0.113.7'), admits('203.0.113.8'), admits('::ffff:203.0.113.7'), admits('2001:db8::')]).toEqual([true, false, true, true]);
  });
});
