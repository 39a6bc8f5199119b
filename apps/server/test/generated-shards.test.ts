import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp } from './support/app';
import { describeRoute, pathParams } from './support/route-table';
import { itemsOfShard, parseShardFile } from './generated/shards';

/**
 * The generated suites run in shards (generated/shards.ts) so that two workers share them.
 * Splitting must lose nothing: the shard files on disk are 1..n of n for each suite, each runs
 * its suite for the shard its name says, and the shards together take every route of the
 * endpoint table (and every id route, for the cross-account suite) exactly once.
 */
const here = dirname(fileURLToPath(import.meta.url));
const SUITES = ['rbac-matrix', 'cross-account', 'route-fuzz'] as const;
const shardFiles = readdirSync(here).flatMap((name) => {
  const shard = parseShardFile(name);
  return shard ? [{ name, ...shard }] : [];
});

const t = await createTestApp();
afterAll(() => t.close());
const routes = t.app.apiRoutes;
const idRoutes = routes.filter((r) => r.guard !== 'public' && pathParams(r.url).length > 0);

describe.each(SUITES)('the %s suite’s shards', (suite) => {
  const files = shardFiles.filter((f) => f.suite === suite);
  const count = files[0]?.count ?? 0;

  it('are files 1..n of n, each running the suite for the shard its name says', () => {
    expect(count).toBeGreaterThan(0);
    expect(files.map((f) => f.count)).toEqual(files.map(() => count));
    expect(files.map((f) => f.index).sort((x, y) => x - y)).toEqual(Array.from({ length: count }, (_v, i) => i + 1));
    for (const f of files) {
      const source = readFileSync(join(here, f.name), 'utf8');
      expect(source, f.name).toContain(`from './generated/${suite}.suite'`);
      expect(source, f.name).toContain('(shardOf(import.meta.url))');
    }
  });

  it.each([
    ['every /api route', routes],
    ['every id route', idRoutes],
  ] as const)('take %s exactly once between them', (_what, table) => {
    const taken = Array.from({ length: count }, (_v, i) => itemsOfShard(table, { index: i + 1, count })).flat();
    expect(taken).toHaveLength(table.length);
    expect(taken.map(describeRoute).sort()).toEqual(table.map(describeRoute).sort());
    expect(new Set(taken).size).toBe(table.length);
  });
});

it('counts the endpoint table the suites are generated from', () => {
  expect(routes.length).toBeGreaterThan(60);
  expect(idRoutes.length).toBeGreaterThan(10);
});
