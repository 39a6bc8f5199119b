import { afterAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { generateKeyPairSync } from 'node:crypto';
import { chainAfter, verifyAuditExport, type ExportFormat } from '@replay/audit-chain';
import { AUDIT_MESSAGES, PERMISSIONS, auditSigningKeySchema } from '@replay/contracts';
import { auditTrail } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { appendChained, chainUnchainedRows, fieldsOf, type AuditInsert } from '../src/modules/audit/audit.chain';
import { createPeerApp, createTestApp } from './support/app';
import { bearer, signup, type SignedIn } from './support/auth';
import { addMember, auditRowsOf } from './support/team';

/**
 * The tamper-evident audit export: each account's records form a hash chain,
 * the export ends with a head the console signs, and verifyAuditExport
 * (packages/audit-chain, what `replay audit verify` runs) proves an export
 * complete and unmodified, or names the first record that is not, whatever
 * was done to the rows in the database.
 */
const t = await createTestApp();
afterAll(() => t.close());
const db = t.runtime.ctx.db;

const keyRes = await t.app.inject({ method: 'GET', url: '/api/audit/signing-key' });
const publicKey = keyRes.json().data.publicKeyPem as string;

/** A new account with some audited activity: its sign-up then `calls` module toggles. */
async function accountWithActivity(calls = 4): Promise<SignedIn> {
  const owner = await signup(t);
  for (let i = 0; i < calls; i += 1) {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/modules', headers: bearer(owner.jwt), payload: { module: i % 2 ? 'alerts' : 'notes' } });
    expect(res.statusCode).toBeLessThan(500);
  }
  await t.app.auditDrain();
  return owner;
}

async function exportOf(owner: SignedIn, format: ExportFormat = 'jsonl', range = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/trails/export?format=${format}${range}`, headers: bearer(owner.jwt) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A statement run as someone editing the database directly: triggers (the append-only rule) switched off. */
async function asDatabaseEditor(statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

async function rowsOf(tenantId: string) {
  return db.select().from(auditTrail).where(eq(auditTrail.tenantId, tenantId)).orderBy(asc(auditTrail.seq));
}

describe('the signing key', () => {
  it('is published to anyone, as PEM and JWK with its id, and is the same in every console process', async () => {
    expect(keyRes.statusCode).toBe(200);
    const key = auditSigningKeySchema.parse(keyRes.json().data);
    expect(key).toMatchObject({ algorithm: 'Ed25519', publicKeyPem: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----/), jwk: { kty: 'OKP', crv: 'Ed25519', kid: key.keyId } });
    expect(keyRes.body).not.toMatch(/PRIVATE/);
    const peer = await createPeerApp(t);
    try {
      expect((await peer.app.inject({ method: 'GET', url: '/api/audit/signing-key' })).json().data).toEqual(key);
    } finally {
      await peer.close();
    }
  });
});

describe('GET /api/trails/export', () => {
  it('exports the whole chain in both formats, each verified complete and unmodified', async () => {
    const owner = await accountWithActivity();
    const rows = await rowsOf(owner.user.tenantId);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    for (const format of ['jsonl', 'csv'] as const) {
      const res = await exportOf(owner, format);
      expect(res.headers['content-type']).toMatch(format === 'csv' ? /^text\/csv/ : /^application\/jsonl/);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="audit-chain-\\d{4}-\\d\\d-\\d\\d\\.${format}"$`));
      expect(res.headers['cache-control']).toBe('private, no-store');
      const result = verifyAuditExport(res.body, publicKey);
      expect(result, JSON.stringify(result.firstBad)).toMatchObject({ ok: true, records: 5, head: { accountId: owner.user.tenantId, fromSeq: 1, headSeq: 5, headHash: rows[4]!.hash } });
    }
  });

  it('exports a range, from a record to another, still signed and verifiable; a range past the end is refused', async () => {
    const owner = await accountWithActivity();
    const res = await exportOf(owner, 'csv', '&from=2&to=4');
    expect(verifyAuditExport(res.body, publicKey)).toMatchObject({ ok: true, records: 3, head: { fromSeq: 2, headSeq: 4 } });
    const past = await t.app.inject({ method: 'GET', url: '/api/trails/export?from=99', headers: bearer(owner.jwt) });
    expect(past.statusCode).toBe(400);
    const backwards = await t.app.inject({ method: 'GET', url: '/api/trails/export?from=3&to=2', headers: bearer(owner.jwt) });
    expect(backwards.statusCode).toBe(400);
    const badFormat = await t.app.inject({ method: 'GET', url: '/api/trails/export?format=xml', headers: bearer(owner.jwt) });
    expect(badFormat.statusCode).toBe(400);
  });

  it('holds only the caller’s account, and is refused to a member who sees only some instances', async () => {
    const owner = await accountWithActivity(1);
    const other = await accountWithActivity(2);
    const result = verifyAuditExport((await exportOf(owner)).body, publicKey);
    expect(result).toMatchObject({ ok: true, records: 2, head: { accountId: owner.user.tenantId } });
    expect((await exportOf(owner)).body).not.toContain(other.user.tenantId);
    const scoped = await addMember(t, owner.user.tenantId, { permissions: PERMISSIONS, allInstances: false, instances: [newId()] });
    const refused = await t.app.inject({ method: 'GET', url: '/api/trails/export', headers: scoped.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([AUDIT_MESSAGES.exportNeedsAllInstances]);
    // Issue 42: nor to a reader of all instances whose role leaves an area out (billing here): the chain holds its entries.
    const noBilling = await addMember(t, owner.user.tenantId, { permissions: PERMISSIONS.filter((p) => !p.endsWith('_BILLING')) });
    expect((await t.app.inject({ method: 'GET', url: '/api/trails/export', headers: noBilling.headers })).statusCode).toBe(403);
    const everything = await addMember(t, owner.user.tenantId, { permissions: PERMISSIONS });
    expect((await t.app.inject({ method: 'GET', url: '/api/trails/export', headers: everything.headers })).statusCode).toBe(200);
  });

  it('is caught when the file is changed: an edited, removed or reordered line, a forged signature, another key', async () => {
    const owner = await accountWithActivity();
    const lines = (await exportOf(owner)).body.split(/(?<=\n)/);
    const edited = [...lines];
    edited[2] = edited[2]!.replace('"status":', '"status":1');
    expect(verifyAuditExport(edited.join(''), publicKey).firstBad).toMatchObject({ seq: 3 });
    expect(verifyAuditExport([...lines.slice(0, 1), ...lines.slice(2)].join(''), publicKey).firstBad).toMatchObject({ seq: 2, reason: expect.stringMatching(/missing/) });
    expect(verifyAuditExport([lines[1]!, lines[0]!, ...lines.slice(2)].join(''), publicKey).firstBad).toMatchObject({ seq: 1 });
    const head = JSON.parse(lines.at(-1)!) as { signature: string };
    const forgedSignature = [...lines.slice(0, -1), `${JSON.stringify({ ...head, signature: Buffer.alloc(64).toString('base64url') })}\n`].join('');
    expect(verifyAuditExport(forgedSignature, publicKey).firstBad?.reason).toMatch(/signature/);
    expect(verifyAuditExport(lines.join(''), generateKeyPairSync('ed25519').publicKey).firstBad?.reason).toMatch(/signed by key/);
  });
});

describe('rows changed in the database, behind the console’s back, are named by the verifier', () => {
  it('an edited field', async () => {
    const owner = await accountWithActivity();
    await asDatabaseEditor(sql`update audit_trail set username = 'Someone Else' where tenant_id = ${owner.user.tenantId} and seq = 3`);
    for (const format of ['jsonl', 'csv'] as const) {
      const result = verifyAuditExport((await exportOf(owner, format)).body, publicKey);
      expect(result).toMatchObject({ ok: false, records: 2, firstBad: { seq: 3, reason: expect.stringMatching(/altered/) } });
    }
  });

  it('an edited field with its hash recomputed: the next record no longer follows it', async () => {
    const owner = await accountWithActivity();
    const [row2, row3] = (await rowsOf(owner.user.tenantId)).slice(1, 3);
    const forged = chainAfter({ seq: row2!.seq!, hash: row2!.hash! }, { ...fieldsOf(row3!), status: 200, payload: { module: 'forged' } });
    await asDatabaseEditor(sql`update audit_trail set status = 200, payload = ${JSON.stringify({ module: 'forged' })}::jsonb, hash = ${forged.hash} where id = ${row3!.id}`);
    const result = verifyAuditExport((await exportOf(owner)).body, publicKey);
    expect(result).toMatchObject({ ok: false, firstBad: { seq: 4, reason: expect.stringMatching(/does not follow/) } });
  });

  it('a deleted row', async () => {
    const owner = await accountWithActivity();
    await asDatabaseEditor(sql`delete from audit_trail where tenant_id = ${owner.user.tenantId} and seq = 2`);
    for (const format of ['jsonl', 'csv'] as const) {
      const result = verifyAuditExport((await exportOf(owner, format)).body, publicKey);
      expect(result).toMatchObject({ ok: false, records: 1, firstBad: { seq: 2, reason: expect.stringMatching(/missing/) } });
    }
  });

  it('a forged row with a made-up hash', async () => {
    const owner = await accountWithActivity(2);
    const [last] = (await rowsOf(owner.user.tenantId)).slice(-1);
    await asDatabaseEditor(sql`insert into audit_trail (id, tenant_id, username, email, action, method, route, endpoint, parameters, status, request_id, created_at, seq, prev_hash, hash)
      values (${newId()}, ${owner.user.tenantId}, 'Forger', 'f@example.com', 'Delete role', 'DELETE', '/api/client/roles/:id', '/api/client/roles/x', '{}'::jsonb, 200, 'forged', now(), ${last!.seq! + 1}, ${last!.hash}, ${'f'.repeat(64)})`);
    const result = verifyAuditExport((await exportOf(owner)).body, publicKey);
    expect(result).toMatchObject({ ok: false, firstBad: { seq: 4, reason: expect.stringMatching(/altered/) } });
  });
});

describe('concurrent writers', () => {
  it('two console processes appending to one account at once keep one chain (no fork, no gap)', async () => {
    const owner = await signup(t);
    await t.app.auditDrain();
    const peer = await createPeerApp(t);
    try {
      const row = (i: number): AuditInsert => ({
        id: newId(),
        tenantId: owner.user.tenantId,
        userId: owner.user.userId,
        username: 'Writer',
        email: owner.email,
        action: `Call ${i}`,
        method: 'POST',
        route: '/api/x',
        endpoint: '/api/x',
        parameters: { i },
        payload: { i, nested: { b: 2, a: 1 } },
        status: 200,
        requestId: `r${i}`,
        createdAt: t.clock.now(),
      });
      const writers = [t.runtime.ctx.db, peer.runtime.ctx.db];
      await Promise.all(Array.from({ length: 40 }, (_, i) => appendChained(writers[i % 2]!, row(i))));
      const rows = await rowsOf(owner.user.tenantId);
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
      const result = verifyAuditExport((await exportOf(owner)).body, publicKey);
      expect(result, JSON.stringify(result.firstBad)).toMatchObject({ ok: true, records: 41 });
    } finally {
      await peer.close();
    }
  });
});

describe('rows written without a link (before the chain existed, or by a console of the release before)', () => {
  it('are chained at startup, oldest first, and by the account’s next append; chaining is the one update allowed', async () => {
    const owner = await signup(t);
    await t.app.auditDrain();
    const tenantId = owner.user.tenantId;
    const base = t.clock.now().getTime();
    const oldRow = (i: number) =>
      db.execute(sql`insert into audit_trail (id, tenant_id, username, email, action, method, route, endpoint, parameters, payload, status, request_id, created_at)
        values (${newId()}, ${tenantId}, 'Old', 'old@example.com', ${`Old call ${i}`}, 'POST', '/api/x', '/api/x', ${JSON.stringify({ z: i, a: [1, 2.5] })}::jsonb, null, 200, 'old', ${new Date(base + i * 1000).toISOString()})`);
    for (const i of [2, 1, 3]) await oldRow(i);
    // Only the chain's columns of an unchained row may be filled; nothing else changes.
    await expect(db.execute(sql`update audit_trail set username = 'x' where tenant_id = ${tenantId} and seq is null`)).rejects.toThrow();

    expect(await chainUnchainedRows(db)).toBe(3);
    expect(await chainUnchainedRows(db)).toBe(0);
    const actions = async () => (await rowsOf(tenantId)).map((r) => [r.seq, r.action]);
    expect(await actions()).toEqual([
      [1, 'Sign up'],
      [2, 'Old call 1'],
      [3, 'Old call 2'],
      [4, 'Old call 3'],
    ]);
    // A chained row is append-only again, chain columns included.
    await expect(
      db
        .update(auditTrail)
        .set({ hash: 'x' })
        .where(and(eq(auditTrail.tenantId, tenantId), eq(auditTrail.seq, 2))),
    ).rejects.toThrow();

    // An old console writes one more without a link; the next append chains it first.
    await oldRow(4);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/modules', headers: bearer(owner.jwt), payload: { module: 'alerts' } });
    expect(res.statusCode).toBe(200);
    await t.app.auditDrain();
    expect((await actions()).slice(4)).toEqual([
      [5, 'Old call 4'],
      [6, 'Toggle module'],
    ]);
    const result = verifyAuditExport((await exportOf(owner)).body, publicKey);
    expect(result, JSON.stringify(result.firstBad)).toMatchObject({ ok: true, records: 6 });
  });
});

describe('a forged row slipped into the middle of the chain', () => {
  // Last in this file: it drops the unique (account, seq) index, as someone with the database's owner rights could.
  it('is named, even with a correct link and hash of its own', async () => {
    const owner = await accountWithActivity();
    const [row1, row2] = await rowsOf(owner.user.tenantId);
    await db.execute(sql`drop index audit_trail_tenant_seq_idx`);
    const forged = chainAfter({ seq: row1!.seq!, hash: row1!.hash! }, { ...fieldsOf(row2!), id: newId(), action: 'Forged call', requestId: 'forged' });
    await asDatabaseEditor(sql`insert into audit_trail (id, tenant_id, user_id, api_key_id, instance_id, username, email, action, method, route, endpoint, parameters, payload, status, request_id, created_at, seq, prev_hash, hash)
      values (${forged.id}, ${forged.tenantId}, ${forged.userId}, ${forged.apiKeyId}, ${forged.instanceId}, ${forged.username}, ${forged.email}, ${forged.action}, ${forged.method}, ${forged.route}, ${forged.endpoint}, ${JSON.stringify(forged.parameters)}::jsonb,
        ${forged.payload === null ? null : JSON.stringify(forged.payload)}::jsonb, ${forged.status}, ${forged.requestId}, ${new Date(forged.createdAt).toISOString()}, ${forged.seq}, ${forged.prevHash}, ${forged.hash})`);
    expect((await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action)).toContain('Forged call');
    for (const format of ['jsonl', 'csv'] as const) {
      const result = verifyAuditExport((await exportOf(owner, format)).body, publicKey);
      expect(result).toMatchObject({ ok: false, firstBad: { seq: 2, reason: expect.stringMatching(/appears again/) } });
    }
  });
});
