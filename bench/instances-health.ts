/**
 * One server-side health round over 1,000 running instances. Their health
 * endpoints are served on loopback by ONE test server in a separate process
 * (so its work does not count as the console's); the driver is a double of
 * the one call the round makes, built on the local driver's own health check
 * (same fetch, same timeout, same "200 with tenants, from this instance"
 * rule), with each instance at its own path of that server. The rows live in
 * embedded PGlite, as by default. Prints the duration and the CPU time of a
 * round (targets: well inside the 30 s interval, ≤ 10 % of a core).
 * Figures only, never assertions.
 */
import { spawn } from 'node:child_process';
import { DAY_MS } from '@replay/contracts';
import { openPglite } from '../apps/server/src/db/client';
import { instances, tenants } from '../apps/server/src/db/schema';
import type { InfrastructureDriver } from '../apps/server/src/infra/driver';
import { checkHealth } from '../apps/server/src/infra/agent-client';
import { systemClock } from '../apps/server/src/lib/time';
import { newId } from '../apps/server/src/lib/ids';
import { HEALTH_ROUND_SECONDS } from '../apps/server/src/modules/instances/workflow/instances.jobs';
import { runHealthRound } from '../apps/server/src/modules/instances/workflow/instances.health';
import { median } from './stats';

const INSTANCES = Number(process.env.INSTANCES ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

/** Answers GET /i/<id>/api/health as the agent of <id> would: 200, its id, one tenant. */
const SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  const m = req.url.match(/^\\/i\\/([^/]+)\\/api\\/health$/);
  if (!m) { res.writeHead(404); return res.end(); }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: 'ok', instanceId: m[1], version: '1.21', tracker: '16.0.0', tenants: [{ active: true }], resources: { vcpu: 2, memoryGb: 8, diskGb: 120 } }));
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function startHealthServer(): Promise<{ port: number; stop(): void }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`health server exited with ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

export async function benchInstancesHealth() {
  const server = await startHealthServer();
  const database = await openPglite(null);
  try {
    const db = database.db;
    const accounts = Array.from({ length: 100 }, () => newId());
    await db.insert(tenants).values(accounts.map((id) => ({ id, name: 'Bench', tenantKey: `tk-${id}`, trialEndsAt: new Date(Date.now() + DAY_MS) })));
    const rows = Array.from({ length: INSTANCES }, (_, n) => ({
      instanceId: newId(),
      tenantId: accounts[n % accounts.length]!,
      name: `Instance ${n}`,
      status: 'running' as const,
      provider: 'aws' as const,
      region: 'us-east-1',
      size: 'small' as const,
      url: `health-${n}`,
      version: '1.21',
      diskSize: 120,
      healthy: true,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(instances).values(rows.slice(i, i + 500));

    const driver: Pick<InfrastructureDriver, 'health'> = {
      async health(instanceId) {
        const { body: _body, ...health } = await checkHealth({ instanceId, baseUrl: `http://127.0.0.1:${server.port}/i/${instanceId}`, secret: '' });
        return health;
      },
    };
    const deps = { db, driver, clock: systemClock, enqueue: async () => undefined };
    await runHealthRound(deps); // warm-up: connections opened, code compiled
    const durations: number[] = [];
    const cpu: number[] = [];
    let healthy = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const before = process.cpuUsage();
      const report = await runHealthRound(deps);
      const used = process.cpuUsage(before);
      durations.push(report.durationMs);
      cpu.push((used.user + used.system) / 1000);
      healthy = report.healthy;
    }
    const cpuMs = median(cpu);
    return { instances: INSTANCES, healthy, durationMs: Math.round(median(durations)), cpuMs: Math.round(cpuMs), coreShare: cpuMs / (HEALTH_ROUND_SECONDS * 1000) };
  } finally {
    await database.close();
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchInstancesHealth();
  console.log(
    `health round over ${r.instances} running instances (${r.healthy} healthy): ${r.durationMs} ms, CPU ${r.cpuMs} ms = ${(r.coreShare * 100).toFixed(1)} % of a core over the ${HEALTH_ROUND_SECONDS} s interval (median of ${ROUNDS})`,
  );
}
