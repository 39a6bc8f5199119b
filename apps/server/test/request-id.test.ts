import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { TestApp } from './support/app';
import { bearer, type SignedIn } from './support/auth';
import { appWithOwner } from './support/owner';
import { auditRowsOf } from './support/team';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => ({ t, owner } = await appWithOwner()));
afterAll(() => t.close());

const echoed = async (given: string) => (await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } })).headers['x-request-id'];

describe('X-Request-Id from a client', () => {
  it.each([randomUUID(), '0123456789abcdef0123456789abcdef', 'trace.2024-05_01', 'a'.repeat(64)])('keeps the well-formed id %s', async (given) => {
    expect(await echoed(given)).toBe(given);
  });

  it.each(['a', 'short', 'a'.repeat(65), '-starts-with-a-dash', '.hidden-looking', 'has space in it', '../../etc/passwd', 'id;drop-table', 'ünïcödé-id'])(
    'replaces the malformed id %j with one of its own',
    async (given) => {
      const id = await echoed(given);
      expect(id).not.toBe(given);
      expect(id).toMatch(UUID);
    },
  );

  it('a client that sends one request id for many calls gets separate audit entries, each with the server’s own id', async () => {
    const requestId = randomUUID();
    for (const name of ['Reader', 'Writer']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/client/roles',
        headers: { ...bearer(owner.jwt), 'x-request-id': requestId },
        payload: { name, permissions: ['VIEW_INSTANCES'] },
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-request-id']).toBe(requestId);
    }
    const entries = (await auditRowsOf(t, owner.user.tenantId)).filter((row) => row.requestId === requestId);
    expect(entries.map((e) => (e.payload as { name: string }).name).sort()).toEqual(['Reader', 'Writer']);
    expect(new Set(entries.map((e) => e.id)).size).toBe(2);
    expect(entries.map((e) => e.id)).not.toContain(requestId);

    // Through the API the entries are found by their own ids, never by the client's request id.
    for (const entry of entries) {
      const res = await t.app.inject({ method: 'GET', url: `/api/trails/${entry.id}`, headers: bearer(owner.jwt) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(entry.id);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/trails/${requestId}`, headers: bearer(owner.jwt) })).statusCode).toBe(404);
  });
});
