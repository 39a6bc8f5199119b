/**
 * The instances list called with an API key beside the same list called with a session's
 * access token, on PostgreSQL (10 accounts × 100 instances), under autocannon (50
 * connections, rounds of 10 s, alternated). A key is verified by the digest of its secret
 * in the one statement that reads the caller and the page (lib/api-key-principal.ts), so
 * it must not cost a round trip more: target ratio key/session ≥ 0.9. Needs PostgreSQL
 * at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a temp
 * database is created there and dropped afterwards. Figures only, never assertions.
 */
import autocannon from 'autocannon';
import { DAY_MS } from '@replay/contracts';
import { tuneGcForServing } from '../apps/server/src/gc-tuning';
import type { Database } from '../apps/server/src/db/client';
import { apiKeys } from '../apps/server/src/db/schema';
import { hashApiKeySecret, newApiKeySecret } from '../apps/server/src/lib/api-key-principal';
import { newId } from '../apps/server/src/lib/ids';
import { median } from './stats';
import { seedAccounts, startBenchConsole, withTempDatabase } from './support';

const ACCOUNTS = 10;
const PER_ACCOUNT = 100;
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

/** Accounts with an owner and instances each; the first owner gets an API key holding the owner's role. */
async function seed(database: Database): Promise<{ owner: { userId: string; tenantId: string }; secret: string }> {
  const accounts = await seedAccounts(database, { accounts: ACCOUNTS, perAccount: PER_ACCOUNT });
  const now = new Date();
  const first = accounts[0]!;
  const secret = newApiKeySecret();
  await database.db.insert(apiKeys).values({
    id: newId(),
    tenantId: first.tenantId,
    name: 'Bench key',
    roleId: first.roleId,
    createdBy: first.userId,
    secretHash: hashApiKeySecret(secret),
    expiresAt: new Date(now.getTime() + 30 * DAY_MS),
  });
  return { owner: { userId: first.userId, tenantId: first.tenantId }, secret };
}

async function load(url: string, authorization: string) {
  const r = await autocannon({ url, connections: 50, duration: DURATION, workers: 1, headers: { authorization } });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}
type Figures = Awaited<ReturnType<typeof load>>;

const medianOf = (all: Figures[]) => ({
  rps: median(all.map((f) => f.rps)),
  p50: median(all.map((f) => f.p50)),
  p99: median(all.map((f) => f.p99)),
  non2xx: all.reduce((n, f) => n + f.non2xx, 0),
});

export async function benchApiKeyList() {
  tuneGcForServing();
  return withTempDatabase(async (database, databaseUrl) => {
    const { owner, secret } = await seed(database);
    // The per-key limit would answer most of a flat-out load with 429: the bench measures the check, not the limit.
    const served = await startBenchConsole(database, databaseUrl, { API_KEY_RATE_LIMIT_PER_MINUTE: '1000000' });
    const jwt = await served.signIn(owner);
    const url = `${served.origin}/api/managed-saas/instances?page=1&limit=10`;
    for (const token of [jwt, secret]) {
      const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (check.status !== 200) throw new Error(`the list answered ${check.status}: ${await check.text()}`);
    }
    const runSession = () => load(url, `Bearer ${jwt}`);
    const runKey = () => load(url, `Bearer ${secret}`);
    await runSession(); // warm-up
    await runKey();
    const rounds: { session: Figures; key: Figures }[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push({ session: await runSession(), key: await runKey() });
    await served.stop();
    const session = medianOf(rounds.map((r) => r.session));
    const key = medianOf(rounds.map((r) => r.key));
    return { rounds, session, key, ratio: key.rps / session.rps };
  });
}

export function apiKeyListReport(r: Awaited<ReturnType<typeof benchApiKeyList>>): string[] {
  return [
    `instances list with an API key: ${r.key.rps} req/s, p50 ${r.key.p50} ms, p99 ${r.key.p99} ms, non-2xx ${r.key.non2xx}; with a session token: ${r.session.rps} req/s, p50 ${r.session.p50} ms, p99 ${r.session.p99} ms; ratio ${r.ratio.toFixed(2)} (target ≥ 0.9)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchApiKeyList();
  for (const [i, round] of r.rounds.entries()) console.log(`round ${i + 1}: session ${round.session.rps} req/s p99 ${round.session.p99} ms; key ${round.key.rps} req/s p99 ${round.key.p99} ms`);
  for (const line of apiKeyListReport(r)) console.log(line);
}
