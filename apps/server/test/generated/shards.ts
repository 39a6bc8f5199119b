import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The suites generated from the route table (RBAC matrix, cross-account, route fuzz) are each
 * split into shard files, `<suite>.<i>-of-<n>.test.ts`, so the two workers of a run share
 * them instead of one worker running a whole suite while the other waits at the end. Shard i
 * of n takes every n-th route of the table, starting at the i-th; the suite's checks of the
 * whole table (not of one route) run in shard 1. generated-shards.test.ts proves that the
 * files on disk are shards 1..n of n and that together they take every route exactly once.
 */
export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

const SHARD_FILE = /^(?<suite>[a-z0-9-]+)\.(?<index>\d+)-of-(?<count>\d+)\.test\.ts$/;

/** The suite and shard a shard file's name says (`route-fuzz.2-of-4.test.ts`: shard 2 of 4). */
export function parseShardFile(name: string): (Shard & { suite: string }) | null {
  const m = SHARD_FILE.exec(name);
  if (!m?.groups) return null;
  return { suite: m.groups.suite!, index: Number(m.groups.index), count: Number(m.groups.count) };
}

/** The shard of the test file at `moduleUrl` (its import.meta.url). */
export function shardOf(moduleUrl: string): Shard {
  const shard = parseShardFile(basename(fileURLToPath(moduleUrl)));
  if (!shard || shard.index < 1 || shard.index > shard.count) throw new Error(`${moduleUrl} is not named <suite>.<i>-of-<n>.test.ts`);
  return { index: shard.index, count: shard.count };
}

/** The items of a list (the route table, in its order) that are this shard's: every count-th, from the index-th. */
export function itemsOfShard<T>(items: readonly T[], shard: Shard): T[] {
  return items.filter((_item, i) => i % shard.count === shard.index - 1);
}

/** Whether this shard runs the suite's checks of the whole table. */
export const isFirstShard = (shard: Shard): boolean => shard.index === 1;
