import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRACKER_SCRIPT_PATH } from '@replay/agent-protocol/plain';
import { SESSION_RECORDER_SCRIPT_PATH, sessionRecorderIngestUrl, sessionRecorderScriptUrl } from '@replay/contracts';
import { parseEnv } from '../src/config/env';
import { createTestApp, type TestApp } from './support/app';
import { cspOf } from './support/csp';

/**
 * The console's own session recorder (spec section 9), as the operator configures it: both
 * settings or neither, checked at boot; the public config hands them to the browser, and the
 * page's policy lets that instance's origin serve the tracker and take its batches only when
 * configured.
 */
const RECORDER = { SESSION_RECORDER_URL: 'https://replay.example.com/', SESSION_RECORDER_PROJECT_KEY: 'recorder-project-key-0001' };

const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>Console</title><script type="module" src="/assets/app-1a2b3c.js"></script>');

let recorded: TestApp;
let plain: TestApp;
beforeAll(async () => {
  recorded = await createTestApp({ WEB_DIST: web, ...RECORDER });
  plain = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await recorded.close();
  await plain.close();
  rmSync(web, { recursive: true, force: true });
});

describe('SESSION_RECORDER_URL and SESSION_RECORDER_PROJECT_KEY', () => {
  it('are off by default, and taken together: the address without its trailing slash, its origin for the policy', () => {
    expect(parseEnv({}).sessionRecorder).toBeNull();
    expect(parseEnv(RECORDER).sessionRecorder).toEqual({ instanceUrl: 'https://replay.example.com', origin: 'https://replay.example.com', projectKey: 'recorder-project-key-0001' });
    expect(parseEnv({ ...RECORDER, SESSION_RECORDER_URL: 'http://127.0.0.1:4100/replay' }).sessionRecorder).toMatchObject({
      instanceUrl: 'http://127.0.0.1:4100/replay',
      origin: 'http://127.0.0.1:4100',
    });
  });

  it.each([
    [{ SESSION_RECORDER_URL: RECORDER.SESSION_RECORDER_URL }, /Set both SESSION_RECORDER_URL and SESSION_RECORDER_PROJECT_KEY, or neither/],
    [{ SESSION_RECORDER_PROJECT_KEY: RECORDER.SESSION_RECORDER_PROJECT_KEY }, /Set both SESSION_RECORDER_URL and SESSION_RECORDER_PROJECT_KEY, or neither/],
    [{ ...RECORDER, SESSION_RECORDER_URL: 'ftp://replay.example.com' }, /SESSION_RECORDER_URL must be an http\(s\) address/],
    [{ ...RECORDER, SESSION_RECORDER_URL: 'replay.example.com' }, /SESSION_RECORDER_URL must be an http\(s\) address/],
    [{ ...RECORDER, SESSION_RECORDER_URL: 'https://user:pass@replay.example.com' }, /SESSION_RECORDER_URL must have no credentials, query or fragment/],
    [{ ...RECORDER, SESSION_RECORDER_URL: 'https://replay.example.com/?key=1' }, /SESSION_RECORDER_URL must have no credentials, query or fragment/],
    [{ ...RECORDER, SESSION_RECORDER_PROJECT_KEY: 'short' }, /SESSION_RECORDER_PROJECT_KEY is the project key of the instance’s account: 16 to 256 visible ASCII characters/],
    [{ ...RECORDER, SESSION_RECORDER_PROJECT_KEY: 'has a space in it, sixteen+' }, /SESSION_RECORDER_PROJECT_KEY is the project key/],
  ])('stop the console at boot with a clear message for %o', (env, message) => {
    expect(() => parseEnv(env)).toThrow(message);
  });
});

describe('the public config and the page’s policy', () => {
  it('hand the browser the recorder’s address and project key, and let only that origin serve a script and take batches', async () => {
    const config = (await recorded.app.inject({ method: 'GET', url: '/api/public-config' })).json().data;
    expect(config.sessionRecorder).toEqual({ instanceUrl: 'https://replay.example.com', projectKey: 'recorder-project-key-0001' });
    expect(sessionRecorderScriptUrl(config.sessionRecorder)).toBe('https://replay.example.com/tracker.js');
    expect(sessionRecorderIngestUrl(config.sessionRecorder)).toBe('https://replay.example.com/api/events');
    const csp = cspOf(await recorded.app.inject({ method: 'GET', url: '/' }));
    expect(csp['script-src']).toEqual(["'self'", 'https://replay.example.com']);
    expect(csp['connect-src']).toContain('https://replay.example.com');
  });

  it('say nothing of a recorder when none is configured: null in the public config, nothing in the policy', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/public-config' })).json().data.sessionRecorder).toBeNull();
    const csp = cspOf(await plain.app.inject({ method: 'GET', url: '/' }));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).not.toContain('https://replay.example.com');
  });

  it('load the tracker from where the agent serves it', () => {
    expect(SESSION_RECORDER_SCRIPT_PATH).toBe(TRACKER_SCRIPT_PATH);
  });
});
