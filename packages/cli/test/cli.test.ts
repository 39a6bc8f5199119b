import { chainAfter, jsonlHeadLine, jsonlRecordLine, keyPairFromSeed, signHead, type AuditFields, type ChainedRecord } from '@replay/audit-chain';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index';
import { harness, instance, ok, on, refusal } from './harness';

const ID = '11111111-1111-4111-8111-111111111111';

describe('replay: usage', () => {
  it('--help lists the commands and the exit codes, and exits 0', async () => {
    const h = harness();
    expect(await h.run('--help')).toBe(EXIT.ok);
    expect(h.stdout()).toContain('instances');
    expect(h.stdout()).toContain('3  refused');
    expect(h.stdout()).toContain('REPLAY_API_KEY');
  });

  it('an unknown command, a missing argument or a bad option value is a usage error (2), said on standard error', async () => {
    for (const argv of [['instancse', 'list'], ['instances', 'get'], ['instances', 'list', '--limit', 'many'], ['instances', 'wait', ID, '--status', 'runing'], []]) {
      const h = harness();
      expect(await h.run(...argv), argv.join(' ')).toBe(EXIT.usage);
      expect(h.calls).toHaveLength(0);
    }
  });

  it('without credentials it says how to sign in (2) and calls nothing', async () => {
    const h = harness({ env: { REPLAY_URL: '', REPLAY_API_KEY: '' } });
    expect(await h.run('instances', 'list')).toBe(EXIT.usage);
    expect(h.stderr()).toContain('replay login');
    expect(h.calls).toHaveLength(0);
  });

  it('terminate and revoke ask for --yes before calling anything', async () => {
    const h = harness();
    expect(await h.run('instances', 'terminate', ID)).toBe(EXIT.usage);
    expect(await h.run('keys', 'revoke', ID)).toBe(EXIT.usage);
    expect(h.stderr()).toContain('--yes');
    expect(h.calls).toHaveLength(0);
  });
});

describe('replay: credentials', () => {
  it('login checks the key, then writes the profile readable by its owner only, under XDG_CONFIG_HOME', async () => {
    const h = harness({ env: { REPLAY_URL: '', REPLAY_API_KEY: '' }, routes: [on('GET', '/api/managed-saas/instances', ok({ instances: [], total: 0 }))] });
    expect(await h.run('login', '--url', 'http://console.test/', '--api-key', 'rck_saved')).toBe(EXIT.ok);
    expect(h.calls[0]?.headers.get('authorization')).toBe('Bearer rck_saved');
    const path = join(h.home, 'config', 'replay', 'profile.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ url: 'http://console.test', apiKey: 'rck_saved' });

    // Later commands use it.
    expect(await h.run('instances', 'list', '--json')).toBe(EXIT.ok);
    expect(h.calls[1]?.headers.get('authorization')).toBe('Bearer rck_saved');
  });

  it('a refused key is not saved (3)', async () => {
    const h = harness({ routes: [on('GET', '/api/managed-saas/instances', refusal(401, 'This API key is not valid: it is unknown, expired or revoked.'))] });
    expect(await h.run('login', '--url', 'http://console.test', '--api-key', 'rck_bad')).toBe(EXIT.refused);
    expect(h.stderr()).toContain('not valid');
    expect(existsSync(join(h.home, 'config', 'replay', 'profile.json'))).toBe(false);
  });

  it('REPLAY_URL and REPLAY_API_KEY come before the profile file', async () => {
    const h = harness({ env: { REPLAY_URL: 'http://from-env.test', REPLAY_API_KEY: 'rck_env' }, routes: [on('GET', '/api/managed-saas/instances', ok({ instances: [], total: 0 }))] });
    const dir = join(h.home, 'config', 'replay');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'profile.json'), JSON.stringify({ url: 'http://from-profile.test', apiKey: 'rck_profile' }));
    expect(await h.run('instances', 'list')).toBe(EXIT.ok);
    expect(h.calls[0]?.headers.get('authorization')).toBe('Bearer rck_env');
    expect(h.calls[0]?.origin).toBe('http://from-env.test');
  });
});

describe('replay: output', () => {
  const listed = on('GET', '/api/managed-saas/instances', ok({ instances: [instance(), instance({ instanceId: 'b', name: 'Staging', status: 'stopped' })], total: 2 }));

  it('--json prints exactly one JSON document on standard output and nothing on standard error', async () => {
    const h = harness({ routes: [listed] });
    expect(await h.run('instances', 'list', '--json')).toBe(EXIT.ok);
    expect(JSON.parse(h.stdout())).toMatchObject({ total: 2, instances: [{ name: 'Production' }, { name: 'Staging' }] });
    expect(h.stderr()).toBe('');
  });

  it('--json may come before the command too', async () => {
    const h = harness({ routes: [listed] });
    expect(await h.run('--json', 'instances', 'list')).toBe(EXIT.ok);
    expect(JSON.parse(h.stdout()).total).toBe(2);
  });

  it('people get a table', async () => {
    const h = harness({ routes: [listed] });
    expect(await h.run('instances', 'list')).toBe(EXIT.ok);
    const lines = h.stdout().split('\n');
    expect(lines.find((l) => l.includes('NAME'))).toMatch(/ID.*NAME.*STATUS.*REGION/);
    expect(lines.find((l) => l.includes('Staging'))).toContain('stopped');
  });

  it('keys create prints the secret alone on standard output, the notice on standard error', async () => {
    const key = {
      keyId: 'k1',
      name: 'CI',
      roleId: ID,
      roleName: 'Owner',
      status: 'active',
      expiresAt: 1_800_000_000_000,
      ipAccessList: [],
      createdAt: 1,
      createdBy: 'u',
      lastUsedAt: null,
      lastUsedAddress: null,
      previousSecretValidUntil: null,
      revokedAt: null,
    };
    const h = harness({ routes: [on('POST', '/api/client/api-keys', ok({ key, secret: 'rck_secret' }, 201))] });
    expect(await h.run('keys', 'create', '--name', 'CI', '--role', ID, '--expires', '30d', '--ip', '127.0.0.1', '--ip', '::1')).toBe(EXIT.ok);
    expect(h.stdout()).toBe('rck_secret\n');
    expect(h.stderr()).toContain('shown only once');
    expect(h.calls[0]?.body).toEqual({ name: 'CI', roleId: ID, expiresAt: 1_700_000_000_000 + 30 * 86_400_000, ipAccessList: ['127.0.0.1', '::1'] });
  });

  it('keys refused to an API key say what to do instead (3)', async () => {
    const h = harness({ routes: [on('GET', '/api/client/api-keys', refusal(403, 'API keys cannot call this: it is for people signed in to the console.', 'forbidden'))] });
    expect(await h.run('keys', 'list')).toBe(EXIT.refused);
    expect(h.stderr()).toContain('API keys cannot call this');
    expect(h.stderr()).toContain("a person's access token");
  });

  it('a role is named by its name as well as its id', async () => {
    const h = harness({
      routes: [
        on('GET', '/api/client/roles', ok([{ roleId: ID, name: 'Developers' }])),
        on('POST', '/api/client/members', (call) => ok({ userId: 'u2', name: 'Jo', email: 'jo@example.com', ...(call.body as object) }, 201)),
      ],
    });
    expect(await h.run('members', 'invite', '--email', 'jo@example.com', '--name', 'Jo', '--role', 'developers')).toBe(EXIT.ok);
    expect(h.calls[1]?.body).toEqual({ email: 'jo@example.com', name: 'Jo', roleId: ID, admin: false });
    expect(await h.run('members', 'invite', '--email', 'jo@example.com', '--name', 'Jo', '--role', 'Nobody')).toBe(EXIT.notFound);
    expect(h.stderr()).toContain('Developers');
  });
});

describe('replay: exit codes of the console answers', () => {
  const cases = [
    [refusal(403, 'You do not have permission.', 'forbidden'), EXIT.refused, 'You do not have permission.'],
    [refusal(401, 'This API key is not valid.', 'unauthorized'), EXIT.refused, 'replay login'],
    [refusal(404, 'Instance not found.', 'not_found'), EXIT.notFound, 'Instance not found.'],
    [refusal(400, 'Name is required.', 'validation'), EXIT.usage, 'Name is required.'],
    [refusal(409, 'The instance is already running.', 'conflict'), EXIT.failed, 'already running'],
    // Issue 42: a billing question has a code of its own (it was 1, as a conflict, and undocumented).
    [refusal(402, 'Free limit reached. Add payment details to continue creating instances.', 'billing_required'), EXIT.billing, 'Billing page'],
    [refusal(500, 'Internal server error.', 'internal'), EXIT.server, 'The console failed (500)'],
    [new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }), EXIT.server, 'ECONNREFUSED'],
  ] as const;
  for (const [reply, code, said] of cases) {
    it(`${reply instanceof Error ? 'unreachable' : reply.status} exits ${code}`, async () => {
      const h = harness({ routes: [on('POST', '/api/managed-saas/instances/*/actions', reply)] });
      expect(await h.run('instances', 'start', ID, '--json')).toBe(code);
      expect(h.stderr()).toContain(said);
      expect(h.stdout()).toBe('');
    });
  }
});

describe('replay instances', () => {
  it('terminate --yes sends the confirmation the console asks for', async () => {
    const h = harness({ routes: [on('POST', '/api/managed-saas/instances/*/actions', ok(instance({ status: 'terminating', inProgress: true })))] });
    expect(await h.run('instances', 'terminate', ID, '--yes')).toBe(EXIT.ok);
    expect(h.calls[0]?.body).toEqual({ action: 'terminate', confirm: 'TERMINATE' });
    expect(h.stdout()).toContain('terminating');
  });

  it('create sends the form and an idempotency key', async () => {
    const h = harness({ routes: [on('POST', '/api/managed-saas/instances', ok(instance({ status: 'creating' }), 201))] });
    expect(await h.run('instances', 'create', '--name', 'Production', '--url', 'production', '--json')).toBe(EXIT.ok);
    expect(h.calls[0]?.body).toEqual({ name: 'Production', url: 'production', provider: 'aws', region: 'us-east-1', size: 'small' });
    expect(h.calls[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(h.stdout()).status).toBe('creating');
  });

  function statuses(...sequence: string[]) {
    let i = 0;
    return on('GET', '/api/managed-saas/instances/*/status', () => {
      const status = sequence[Math.min(i, sequence.length - 1)]!;
      i += 1;
      return ok({ status, inProgress: status !== 'running' && status !== 'stopped' && status !== 'terminated' });
    });
  }

  it('wait asks until the status is reached', async () => {
    const h = harness({ routes: [statuses('creating', 'initializing', 'running')] });
    expect(await h.run('instances', 'wait', ID, '--interval', '5s', '--json')).toBe(EXIT.ok);
    expect(h.calls).toHaveLength(3);
    expect(h.sleeps).toEqual([5000, 5000]);
    expect(JSON.parse(h.stdout())).toEqual({ instanceId: ID, status: 'running', inProgress: false });
    expect(h.stderr()).toBe('');
  });

  it('wait gives up after --timeout (6)', async () => {
    const h = harness({ routes: [statuses('creating')] });
    expect(await h.run('instances', 'wait', ID, '--timeout', '10s', '--interval', '4s')).toBe(EXIT.timeout);
    expect(h.sleeps).toEqual([4000, 4000, 2000]);
    expect(h.stderr()).toContain('still creating after 10s');
  });

  it('wait stops at once when the instance is terminated meanwhile (1)', async () => {
    const h = harness({ routes: [statuses('terminating', 'terminated')] });
    expect(await h.run('instances', 'wait', ID)).toBe(EXIT.failed);
    expect(h.stderr()).toContain('will not become running');
  });

  it('waiting for terminated, an instance the console no longer knows is terminated', async () => {
    const h = harness({ routes: [on('GET', '/api/managed-saas/instances/*/status', refusal(404, 'Instance not found.'))] });
    expect(await h.run('instances', 'wait', ID, '--status', 'terminated')).toBe(EXIT.ok);
  });
});

describe('replay audit', () => {
  const { privateKey, publicKey } = keyPairFromSeed(new Uint8Array(32).fill(3));
  const account = '3f1d2c4b-0000-4000-8000-000000000001';
  const fields = (n: number): AuditFields => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    tenantId: account,
    userId: null,
    apiKeyId: null,
    username: 'Ada',
    email: 'ada@example.com',
    action: `Action ${n}`,
    method: 'POST',
    route: '/api/client/members',
    endpoint: '/api/client/members',
    parameters: {},
    payload: { n },
    status: 200,
    instanceId: null,
    requestId: `req-${n}`,
    createdAt: 1_700_000_000_000 + n,
  });
  const records: ChainedRecord[] = [];
  for (let n = 1; n <= 5; n += 1) records.push(chainAfter(records.at(-1) ?? null, fields(n)));
  const head = signHead({ accountId: account, fromSeq: 1, headSeq: 5, headHash: records.at(-1)!.hash, exportedAt: '2026-01-02T00:00:00.000Z' }, privateKey);
  const signedExport = records.map(jsonlRecordLine).join('') + jsonlHeadLine(head);
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const exportRoute = on('GET', '/api/trails/export', { status: 200, body: signedExport });
  const keyRoute = on('GET', '/api/audit/signing-key', ok({ algorithm: 'Ed25519', keyId: head.keyId, publicKeyPem: pem, jwk: { kty: 'OKP', crv: 'Ed25519', x: 'x', kid: head.keyId } }));

  it('export writes the console’s signed export as it came (0600), and verify proves it with the published key', async () => {
    const h = harness({ routes: [exportRoute, keyRoute] });
    const file = join(h.home, 'trail.jsonl');
    expect(await h.run('audit', 'export', '--from', '1', '--output', file)).toBe(EXIT.ok);
    expect(h.calls[0]?.query.get('format')).toBe('jsonl');
    expect(h.calls[0]?.query.get('from')).toBe('1');
    expect(readFileSync(file, 'utf8')).toBe(signedExport);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(await h.run('audit', 'verify', file, '--json')).toBe(EXIT.ok);
    expect(JSON.parse(h.stdout().slice(h.stdout().indexOf('{', h.stdout().indexOf('trail.jsonl') - 20)))).toMatchObject({ ok: true, records: 5 });
  });

  it('verify fails (1) on an edited record, naming it, with the key given as a file (offline)', async () => {
    const h = harness();
    const file = join(h.home, 'bad.jsonl');
    const keyFile = join(h.home, 'key.pem');
    writeFileSync(keyFile, pem);
    writeFileSync(file, signedExport.replace('"Action 3"', '"Action three"'));
    expect(await h.run('audit', 'verify', file, '--key', keyFile)).toBe(EXIT.failed);
    expect(h.stdout()).toContain('verification failed at record 3');
    expect(h.calls).toEqual([]);
  });

  it('verify of a missing file, or export in an unknown format, is a usage error', async () => {
    const h = harness();
    expect(await h.run('audit', 'verify', join(h.home, 'missing.jsonl'), '--key', join(h.home, 'missing.pem'))).toBe(EXIT.usage);
    expect(h.stderr()).toContain('ENOENT');
    expect(await h.run('audit', 'export', '--format', 'xml')).toBe(EXIT.usage);
  });
});
