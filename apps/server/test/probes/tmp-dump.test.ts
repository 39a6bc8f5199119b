import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createTestApp } from '../support/app';
import { signup } from '../support/auth';
it('dump', async () => {
  const t = await createTestApp({ RUN_WORKERS: 'true' });
  await signup(t);
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  writeFileSync('/tmp/ops-scratch/metrics.txt', res.body);
  await t.close();
});
