import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { signup } from '../support/auth';

/**
 * Issue 42, point 20: the console's /metrics as Prometheus' own linter reads it. Debian's
 * `promtool` (package prometheus; .ci/run installs it), never a reimplementation of its rules:
 * `check metrics` parses the text format and reports each naming or help problem.
 */
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

function promtoolCheck(text: string): { status: number | null; output: string } {
  if (!existsSync(PROMTOOL)) throw new Error(`No promtool at ${PROMTOOL}: run .ci/run, or apt-get install prometheus`);
  const run = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

describe('promtool check metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RUN_WORKERS: 'true' });
  });
  afterAll(() => t.close());

  it('finds nothing to report in a scrape with requests, a waiting job and idle queues', async () => {
    const owner = await signup(t);
    await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${crypto.randomUUID()}`, headers: { authorization: `Bearer ${owner.jwt}` } });
    await t.runtime.ctx.boss!.createQueue('promtool-backlog');
    await t.runtime.ctx.boss!.send('promtool-backlog', {});
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console_job_queue_depth{queue="promtool-backlog"} 1');
    expect(promtoolCheck(res.body)).toEqual({ status: 0, output: '' });
  });

  it('does report a problem (the check is not vacuous)', () => {
    const misnamed = '# HELP console_jobs_total Jobs waiting.\n# TYPE console_jobs_total gauge\nconsole_jobs_total 1\n';
    const { status, output } = promtoolCheck(misnamed);
    expect(status).not.toBe(0);
    expect(output).toContain('non-counter metrics should not have "_total" suffix');
  });
});
