import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '@replay/agent-protocol';
import { visit } from './fixtures/rrweb-session.ts';
import { CONSOLE_ORIGIN, admin, cleanUp, consoleToken, launch, sendEvents, startAgentProcess, tempDir } from './support.ts';

afterAll(cleanUp);

describe('the agent process', () => {
  it('starts and answers health with its tenants and CORS for the console, naming no organization', async () => {
    const agent = await startAgentProcess();
    const res = await fetch(`${agent.url}/api/health`, { headers: { Origin: CONSOLE_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    const text = await res.text();
    // A non-empty list of tenants is what the spec's health rule asks; who they are is nobody's business here.
    expect(JSON.parse(text)).toEqual({ status: 'ok', instanceId: agent.instanceId, version: '1.21', tracker: '16.0.0', tenants: [{ active: true }], resources: { vcpu: 2, memoryGb: 8, diskGb: 120 } });
    expect(text).not.toContain('Acme');
    expect(text).not.toContain(agent.projectKey);
    const foreign = await fetch(`${agent.url}/api/health`, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await agent.stop()).toBe(0);
  });

  it("answers health and takes events without the protocol's schemas: zod is loaded for the console's calls only", async () => {
    // A hook loaded before the agent makes any import of zod fail.
    const withoutZod = fileURLToPath(new URL('./fixtures/without-zod.mjs', import.meta.url));
    const agent = await startAgentProcess({ nodeArgs: ['--import', withoutZod] });
    expect((await fetch(`${agent.url}/api/health`)).status).toBe(200);
    expect((await sendEvents(agent, 'no-zod', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }])).status).toBe(202);
    // The console's calls are checked by the schemas, which this agent cannot load.
    expect((await admin(agent, '/api/admin/cleanup', { days: 7 })).status).toBe(500);
    expect(await agent.stop()).toBe(0);
  });

  it('records its pid and port, refuses a second agent on its folder, and exits cleanly on SIGTERM', async () => {
    const agent = await startAgentProcess();
    const pidFile = join(agent.dataDir, 'agent.pid');
    expect(JSON.parse(readFileSync(pidFile, 'utf8'))).toMatchObject({ pid: agent.child.pid, port: agent.port });
    const second = launch({ dataDir: agent.dataDir, instanceId: agent.instanceId, secret: agent.secret, projectKey: agent.projectKey, port: 0, version: '1.21', diskGb: 120 });
    expect(await second.exited).toBe(EXIT_CODES.dataDirInUse);
    expect((await fetch(`${agent.url}/api/health`)).status).toBe(200);
    expect(await agent.stop()).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
  });

  it('refuses to start on a port another process holds', async () => {
    const agent = await startAgentProcess();
    const other = launch({ dataDir: join(agent.dataDir, '..', 'other'), instanceId: 'other', secret: agent.secret, projectKey: agent.projectKey, port: agent.port, version: '1.21', diskGb: 120 });
    expect(await other.exited).toBe(EXIT_CODES.portInUse);
    expect(existsSync(join(agent.dataDir, '..', 'other', 'agent.pid'))).toBe(false);
    await agent.stop();
  });

  it('refuses to start without a project key, or with one short enough to guess: an agent is never open to writes', async () => {
    const dataDir = join(tempDir(), 'data');
    for (const projectKey of ['', 'short-key']) {
      const agent = launch({ dataDir, instanceId: 'keyless', secret: 'x'.repeat(43), projectKey, port: 0, version: '1.21', diskGb: 120 });
      expect(await agent.exited).toBe(EXIT_CODES.settings);
    }
    expect(existsSync(join(dataDir, 'agent.pid'))).toBe(false);
  });

  it('reports its version, and a restart at a new version reports the new one', async () => {
    const first = await startAgentProcess({ version: '1.20' });
    expect(await first.stop()).toBe(0);
    const again = await startAgentProcess({ ...first, port: first.port, version: '1.21' });
    expect((await (await fetch(`${again.url}/api/health`)).json()).version).toBe('1.21');
    expect(await (await fetch(`${again.url}/`)).text()).toContain('1.21');
    await again.stop();
  });
});

describe('one-time login', () => {
  it('accepts a token once, shows the user, and refuses it again, also after a restart', async () => {
    const agent = await startAgentProcess();
    const home = await (await fetch(`${agent.url}/`)).text();
    expect(home).toContain(`Agent ${agent.instanceId}`);
    expect(home).toContain('Not signed in');
    // The organization is shown to its signed-in users only.
    expect(home).not.toContain('Acme');

    const token = consoleToken(agent, 'login');
    const first = await fetch(`${agent.url}/login?token=${token}`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^replay_session_${agent.instanceId}=`));
    const signedIn = await (await fetch(`${agent.url}/`, { headers: { Cookie: cookie } })).text();
    expect(signedIn).toContain('Ada Lovelace &lt;ada@example.com&gt;');
    expect(signedIn).toContain('<dd data-testid="organization">Acme</dd>');
    expect(signedIn).not.toContain('Not signed in');

    expect((await fetch(`${agent.url}/login?token=${token}`, { redirect: 'manual' })).status).toBe(401);
    await agent.stop();
    const restarted = await startAgentProcess({ ...agent });
    expect((await fetch(`${restarted.url}/login?token=${token}`, { redirect: 'manual' })).status).toBe(401);
    // The session cookie is signed, not stored, so the user stays signed in across the restart.
    expect(await (await fetch(`${restarted.url}/`, { headers: { Cookie: cookie } })).text()).toContain('Ada Lovelace');
    await restarted.stop();
  });

  it('refuses expired tokens, tokens for another instance, forged ones and other scopes', async () => {
    const agent = await startAgentProcess();
    const bad = [
      consoleToken(agent, 'login', { exp: Math.floor(Date.now() / 1000) - 1 }),
      consoleToken({ ...agent, instanceId: 'someone-else' }, 'login'),
      consoleToken({ ...agent, secret: 'x'.repeat(43) }, 'login'),
      consoleToken(agent, 'admin'),
      consoleToken(agent, 'login', { jti: undefined }),
      'not-a-token',
    ];
    for (const token of bad) {
      const res = await fetch(`${agent.url}/login?token=${token}`, { redirect: 'manual' });
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('already been used');
    }
    await agent.stop();
  });
});

describe('a crash after an acknowledgement', () => {
  it('loses no acknowledged batch: SIGKILL the moment a 202 arrives, restart, and every acknowledged event is stored and indexed', async () => {
    const agent = await startAgentProcess();
    const start = Date.UTC(2026, 0, 10);
    // Twenty batches of one session in flight at once, each its own events; the agent dies as the first 202 lands.
    const batches = Array.from({ length: 20 }, (_, i) => visit(start + i * 100_000).all);
    const acknowledged: number[] = [];
    await Promise.all(
      batches.map(async (events, i) => {
        const res = await sendEvents(agent, 'crashing', events).catch(() => null);
        if (res?.status !== 202) return;
        acknowledged.push(i);
        agent.child.kill('SIGKILL');
      }),
    );
    expect(await agent.exited).toBeNull();
    expect(acknowledged.length).toBeGreaterThan(0);
    const again = await startAgentProcess({ ...agent, port: 0 });
    const login = await fetch(`${again.url}/login?token=${consoleToken(again, 'login')}`, { redirect: 'manual' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const stored = (await (await fetch(`${again.url}/api/sessions/crashing/events`, { headers: { Cookie: cookie } })).json()) as unknown[];
    const storedText = new Set(stored.map((e) => JSON.stringify(e)));
    for (const i of acknowledged) for (const event of batches[i]!) expect(storedText.has(JSON.stringify(event))).toBe(true);
    // The index agrees with the chunk: every stored event counted once, whatever the crash cut short.
    const summary = (await (await fetch(`${again.url}/api/sessions/crashing`, { headers: { Cookie: cookie } })).json()) as { eventCount: number };
    expect(summary.eventCount).toBe(stored.length);
    await again.stop();
  });
});

describe('an index behind its chunks', () => {
  it('is rebuilt from the chunks at start: the index deleted while stopped, the same session listed with the same facts', async () => {
    const agent = await startAgentProcess();
    const { first, second } = visit(Date.UTC(2026, 0, 10));
    expect((await sendEvents(agent, 'rebuilt', first)).status).toBe(202);
    expect((await sendEvents(agent, 'rebuilt', second)).status).toBe(202);
    const summaryOf = async (running: typeof agent) => {
      const login = await fetch(`${running.url}/login?token=${consoleToken(running, 'login')}`, { redirect: 'manual' });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      return (await fetch(`${running.url}/api/sessions/rebuilt`, { headers: { Cookie: cookie } })).json();
    };
    const before = await summaryOf(agent);
    expect(before).toMatchObject({ eventCount: 12, clicks: 3, errorCount: 2, pageCount: 2 });
    expect(await agent.stop()).toBe(0);
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(agent.dataDir, `index.sqlite${suffix}`), { force: true });
    const again = await startAgentProcess({ ...agent, port: 0 });
    expect(await summaryOf(again)).toEqual(before);
    await again.stop();
  });
});
