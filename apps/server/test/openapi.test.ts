import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint, endpoints, ERROR_CODE_STATUS, isCreate, type Endpoint } from '@replay/contracts';
import { openApiDocument } from '@replay/contracts/openapi';
import { mount } from '../src/platform/mount';
import { createTestApp, type TestApp } from './support/app';

const run = promisify(execFile);
/** The real `@redocly/cli lint`, from the repository's own node_modules (no download, no network). */
const REDOCLY = resolve(import.meta.dirname, '../../../node_modules/.bin/redocly');
/**
 * Warnings the recommended ruleset gives that the document keeps on purpose: the spec's own
 * `/api/{projectId}/signals` sits beside `/api/projects/{id}` and `/api/invitations/{token}`,
 * and the test server's address is localhost.
 */
const ACCEPTED_WARNINGS = new Set(['no-ambiguous-paths', 'no-server-example.com']);

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, Response | { $ref: string }>;
  deprecated?: boolean;
}
type Response = { content?: Record<string, { schema: { properties?: { code?: { enum?: string[] } } } }> };
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { scheme: string }>; responses: Record<string, Response> };
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

function operationOf(e: Endpoint): Operation {
  const op = doc.paths[`/api${e.path.replace(/:(\w+)/g, '{$1}')}`]?.[e.method.toLowerCase()];
  if (!op) throw new Error(`${e.method} ${e.path} is missing from the document`);
  return op;
}

const table = Object.entries(endpoints as Record<string, Endpoint>);

/** A response as a client reads it: written in the operation, or a `$ref` to one of components.responses. */
function resolved(response: Response | { $ref: string } | undefined): Response | undefined {
  if (!response || !('$ref' in response)) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  expect(doc.components.responses[name], response.$ref).toBeDefined();
  return doc.components.responses[name];
}

describe('the OpenAPI document', () => {
  it('passes `redocly lint` (the recommended ruleset) with no error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
      const lint = await run(REDOCLY, ['lint', 'openapi.json', '--format=json'], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }).catch((err: { stdout: string; stderr: string }) => err);
      const report = JSON.parse(lint.stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(report.problems.filter((p) => !ACCEPTED_WARNINGS.has(p.ruleId))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('is OpenAPI 3.1 with the two bearer schemes', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.securitySchemes).toMatchObject({ session: { scheme: 'bearer' }, apiKey: { scheme: 'bearer' }, operator: { scheme: 'bearer' }, scim: { scheme: 'bearer' } });
  });

  it.each(table)('%s: operationId, summary, tag, security, errors by its declaration', (name, e) => {
    const op = operationOf(e);
    expect(op.operationId).toBe(name);
    expect(op.summary.length).toBeGreaterThan(2);
    expect(op.tags).toHaveLength(1);
    const schemes = op.security.map((s) => Object.keys(s)[0]);
    if (e.guard === 'public') expect(schemes).toEqual([]);
    else if (e.guard === 'operator') expect(schemes).toEqual(['operator']);
    else if (e.guard === 'scim') expect(schemes).toEqual(['scim']);
    else if (e.guard === 'authenticated' || e.peopleOnly) expect(schemes).toEqual(['session']);
    else expect(schemes).toEqual(['session', 'apiKey']);
    const codesOf = (status: number) => resolved(op.responses[String(status)])?.content?.['application/json']?.schema.properties?.code?.enum ?? [];
    for (const [status, response] of Object.entries(op.responses)) {
      if (Number(status) < 400) continue;
      // Every code listed is sent with the status it is listed under.
      for (const code of codesOf(Number(status))) expect(ERROR_CODE_STATUS[code as keyof typeof ERROR_CODE_STATUS], `${code} under ${status}`).toBe(Number(status));
      expect(resolved(response)?.content).toBeDefined();
    }
    if (e.params || e.query || e.body) expect(codesOf(400)).toContain('validation_failed');
    if (e.guard === 'operator' || e.guard === 'scim') expect(codesOf(401)).toEqual(['unauthenticated']);
    else if (e.guard !== 'public') expect(codesOf(401)).toEqual(['unauthenticated', 'session_expired']);
    if (typeof e.guard === 'object') expect(codesOf(403)).toContain('forbidden');
    if (e.path.includes(':')) expect(codesOf(404)).toEqual(['not_found']);
    if (isCreate(e)) {
      expect(op.parameters?.some((p) => p.name === 'Idempotency-Key' && p.in === 'header')).toBe(true);
      expect(codesOf(422)).toContain('idempotency_mismatch');
    }
    expect(Boolean(op.requestBody)).toBe(Boolean(e.body));
    expect(op.deprecated).toBe(e.deprecated ? true : undefined);
    // The headers the answer carries besides its body: the declared ones, and a create's replay mark.
    const success = Object.entries(op.responses).find(([status]) => Number(status) < 300)![1] as { headers?: Record<string, unknown> };
    const expected = [...Object.keys(e.answerHeaders ?? {}), ...(isCreate(e) ? ['Idempotent-Replayed'] : [])];
    expect(Object.keys(success.headers ?? {})).toEqual(expected);
  });

  it('has request and response examples on the main operations', () => {
    for (const name of ['createInstance', 'inviteMember', 'createRole', 'createApiKey', 'createProject', 'login'] as const) {
      const op = operationOf(endpoints[name]);
      const success = Object.entries(op.responses).find(([status]) => Number(status) < 300)![1] as { content: Record<string, { example?: unknown }> };
      expect((op.requestBody as { content: Record<string, { example?: unknown }> }).content['application/json']!.example, name).toBeDefined();
      expect(success.content['application/json']!.example, name).toBeDefined();
    }
  });
});

describe('/api/docs', () => {
  it('answers the document to a program, the same as /api/docs/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual(doc);
  });

  it('answers a browser the page that renders it, with Redoc served from here under a policy that allows only this origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<script src="/api/docs/redoc.standalone.js"></script>');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/https?:/);
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body.length).toBeGreaterThan(100_000);
    // Nothing from another origin: Redoc's CDN logo is replaced.
    expect(bundle.body).not.toContain('cdn.redoc.ly');
    const start = await t.app.inject({ method: 'GET', url: '/api/docs/start.js' });
    expect(start.body).toContain("Redoc.init('/api/docs/openapi.json'");
  });
});

describe('deprecation (docs/API.md)', () => {
  const old = endpoint({
    method: 'GET',
    path: '/old-thing',
    guard: 'authenticated',
    response: z.object({ ok: z.boolean() }),
    summary: 'Read the old thing',
    deprecated: { since: '2026-01-01', sunset: '2026-07-01' },
  });

  it('marks a deprecated call in the document, with its dates', () => {
    const op = openApiDocument({ title: 'T', serverUrl: 'https://console.test' }, { oldThing: old }).paths['/api/old-thing']!.get as { deprecated?: boolean; description: string };
    expect(op.deprecated).toBe(true);
    expect(op.description).toContain('2026-07-01');
  });

  it('answers a deprecated call with the Deprecation, Sunset and Link headers, a failed one too', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    mount(app, old, async () => ({ ok: true }));
    mount(app, { ...old, path: '/old-failing' }, async () => {
      throw new Error('refused');
    });
    const res = await app.inject({ method: 'GET', url: '/old-thing' });
    const failed = await app.inject({ method: 'GET', url: '/old-failing' });
    await app.close();
    expect(failed.statusCode).toBe(500);
    expect(failed.headers.sunset).toBe('Wed, 01 Jul 2026 00:00:00 GMT');
    expect(res.json()).toEqual({ data: { ok: true } });
    expect(res.headers).toMatchObject({
      deprecation: `@${Date.UTC(2026, 0, 1) / 1000}`,
      sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
      link: '</api/docs>; rel="deprecation"; type="text/html"',
    });
  });

  it('gives every deprecated call of the table at least six months', () => {
    for (const [name, e] of table) {
      if (!e.deprecated) continue;
      expect(Date.parse(e.deprecated.sunset) - Date.parse(e.deprecated.since), name).toBeGreaterThanOrEqual(182 * 86_400_000);
    }
  });
});
