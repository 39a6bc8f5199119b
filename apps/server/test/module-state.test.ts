import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleState } from '../../../scripts/vitest/module-state';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

/**
 * Every piece of module-level state the server suites share across test files (module isolation
 * is off for them, vitest.config.ts), and why none carries one file's data into another. A new
 * one fails this test until it is listed here with its reason, or moved into what the composition
 * root builds per app.
 */
const ALLOWED: Record<string, string> = {
  // Caches keyed by what they cache: the same key always gives the same value, whoever asked first.
  'apps/server/src/lib/api-key-admission.ts:lists': 'parsed IP lists, keyed by the list text',
  'apps/server/src/lib/access-token.ts:keys': 'imported signing keys, keyed by the secret bytes',
  'apps/server/src/lib/access-token.ts:verified': 'verified tokens, keyed by the secret bytes, then the token',
  'apps/server/src/lib/password-hash.ts:dummy': 'one hash of a fixed text, for constant-time refusals',
  'apps/server/src/infra/kubernetes/kube-api.ts:clientNode': 'the loaded client library module',
  'packages/contracts/src/money.ts:formatters': 'Intl formatters, keyed by currency',
  'packages/contracts/src/endpoints/index.ts:cachedAuditLabels': 'derived from the static endpoint table',
  // Prepared statements and registries keyed by the database, the job queue or the app context: a new app is a new key.
  'apps/server/src/lib/api-key-principal.ts:keyCallers': 'prepared statement per database handle',
  'apps/server/src/db/pglite-parsers.ts:STATEMENTS': 'prepared statements per PGlite instance',
  'apps/server/src/lib/principal.ts:callers': 'prepared statement per database handle',
  'apps/server/src/lib/principal.ts:identities': 'prepared statement per database handle',
  'apps/server/src/modules/notifications/notifications.caller-count.ts:statements': 'prepared statement per database handle',
  'apps/server/src/jobs/wake.ts:workersOf': 'workers per job queue instance',
  'apps/server/src/jobs/commit-relay.ts:runners': 'runners per app context',
  // Set from the modules' manifests by every runtime a process opens: the same list each time.
  'apps/server/src/events/consumers.ts:inTransaction': 'the in-transaction consumers of the server modules',
  // The process's own entry point: never imported by a test.
  'apps/server/src/main.ts:logger': 'the process logger of main.ts',
  // Test helpers' counters: they make names and addresses unique, which they stay when a run continues them.
  'apps/server/test/support/api-keys.ts:seq': 'unique key names',
  'apps/server/test/support/auth.ts:counter': 'unique e-mail addresses',
  'apps/server/test/support/auth.ts:addressCounter': 'unique client addresses',
  'apps/server/test/support/team.ts:seq': 'unique member names',
  'apps/server/test/support/team.ts:instanceSeq': 'unique instance names',
};

describe('module-level state (the server suites share modules across files)', () => {
  it('finds top-level let, var and mutable collections, and leaves constants and read-only tables alone', () => {
    expect(moduleState(fixtures, ['module-state'])).toEqual(['module-state/sample.ts:byOwner', 'module-state/sample.ts:cache', 'module-state/sample.ts:counter', 'module-state/sample.ts:legacy']);
  });

  it('lists only state whose reason is recorded here', () => {
    const found = moduleState(root, ['apps/server/src', 'apps/server/test/support', 'apps/server/test/setup', 'apps/server/test/generated', 'packages/contracts/src', 'packages/audit-chain/src']);
    expect(found).toEqual(Object.keys(ALLOWED).sort());
  });
});
