import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleServer } from '../../../../e2e/support/server';
import { signupBody } from '../support/auth';
import { consoleDatabase } from '../support/database';

/**
 * A console process leaving a pool of replicas (SIGTERM from an orchestrator): the real process,
 * as `npm start` runs it. It says it is not ready while it still answers, lets the request in
 * flight finish (its change kept), and exits 0.
 */

let server: ConsoleServer;
let database: { env: Record<string, string>; drop(): Promise<void> } = { env: {}, drop: async () => undefined };

beforeAll(async () => {
  database = await consoleDatabase('shutdown');
  server = await startConsole({ env: { ...database.env, SHUTDOWN_DRAIN_DELAY_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '20' } });
});
afterAll(async () => {
  await server.stop('SIGKILL');
  server.dispose();
  await database.drop();
});

/** A sign-up whose body is sent in two parts: in flight until `finish` is called. */
function slowSignup(url: string) {
  const body = JSON.stringify(signupBody());
  const { hostname, port } = new URL(url);
  let answer!: Promise<{ status: number; body: string }>;
  const req = httpRequest({ hostname, port, path: '/api/signup', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  answer = new Promise((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const sent = new Promise<void>((resolve) => req.write(body.slice(0, half), () => resolve()));
  return { answer, sent, finish: () => req.end(body.slice(half)) };
}

/** Resolves when the console's output has said `text` (a log line's message). */
function saysOnce(running: ConsoleServer, text: string): Promise<void> {
  return new Promise((resolve) => {
    let said = '';
    const onData = (chunk: Buffer) => {
      said += chunk.toString();
      if (!said.includes(text)) return;
      running.process.stdout?.off('data', onData);
      resolve();
    };
    running.process.stdout?.on('data', onData);
  });
}

describe('SIGTERM', () => {
  it('drains: not ready at once, the request in flight answered in full, then exit 0', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);

    const signup = slowSignup(server.url);
    await signup.sent;
    // A later connection answered means the server has accepted the sign-up's (the kernel hands them over in order).
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    // The signal reaches the process's handler on its own event loop, not when kill() returns: a
    // request that got there first would still be answered as ready. Its first act is to say so.
    const leaving = saysOnce(server, 'shutting down');
    server.process.kill('SIGTERM');
    await leaving;

    // Within the drain delay the process still answers, and says it is leaving.
    const draining = await fetch(`${server.url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'done', draining: true } });

    signup.finish();
    const answer = await signup.answer;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).data.user.email).toBeTruthy();
    expect(await exited).toBe(0);
  });
});
