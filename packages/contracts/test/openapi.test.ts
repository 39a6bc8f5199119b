import { describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '../src';
import { openApiDocument, TAG_GROUPS } from '../src/openapi';

describe('the OpenAPI generator', () => {
  it('puts every endpoint of the table in exactly one tag, and nothing else', () => {
    const table = Object.values(endpoints as Record<string, Endpoint>);
    const grouped = TAG_GROUPS.flatMap((group) => Object.values(group.endpoints));
    expect(grouped).toHaveLength(table.length);
    expect(new Set(grouped)).toEqual(new Set(table));
  });

  it('gives every operation its table key as operationId, once, and the real path under /api', () => {
    const doc = openApiDocument({ title: 'T', serverUrl: 'https://console.test/' });
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => (op as { operationId: string }).operationId));
    expect(ids.sort()).toEqual(Object.keys(endpoints).sort());
    expect(doc.paths['/api/managed-saas/instances/{id}']).toHaveProperty('get');
    expect(doc.servers).toEqual([{ url: 'https://console.test', description: 'This console' }]);
  });

  it('stops at an endpoint with no summary, no listed summary and no audit label', () => {
    const nameless = { method: 'GET', path: '/nameless', guard: 'public', response: endpoints.health.response } as const satisfies Endpoint;
    expect(() => openApiDocument({ title: 'T', serverUrl: 'https://console.test' }, { nameless })).toThrow(/nameless needs a summary/);
  });
});
