import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { WEB_MOCKING_TESTS } from './apps/web/src/test/mocking-tests.ts';

const serverTests = ['apps/server/test/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

const webTests = {
  include: ['apps/web/src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  // Room for the waits of apps/web/src/test/setup.ts under load; a test that hangs still fails.
  testTimeout: 20_000,
};

/**
 * One runner for every suite. Server integration tests run on embedded PGlite,
 * and a second time on PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main thread: one worker on a 2-core machine, the
    // whole suite in series. Most files wait more than they compute (agents starting, a browser,
    // the database), so two at a time at least, and every project's files in one pool.
    maxWorkers: Math.max(2, availableParallelism()),
    // Every run ends with its slowest files and each project's time (scripts/vitest/slowest-files.ts).
    reporters: ['default', './scripts/vitest/slowest-files.ts'],
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'] } },
      // The deployment packaging (deploy/): Kubernetes manifests against the schema, Dockerfiles' structure.
      { test: { name: 'deploy', include: ['deploy/test/**/*.test.ts'] } },
      { test: { name: 'audit-chain', include: ['packages/audit-chain/test/**/*.test.ts'] } },
      // The test IdPs themselves: Debian's SimpleSAMLphp driven through its own pages.
      { test: { name: 'test-idp', include: ['packages/test-idp/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          // One migrated database made per run, copied by each file (test/setup/templates.ts), and
          // the server bundled once for the files that start whole consoles (crash, takeover, probes).
          globalSetup: ['apps/server/test/setup/pglite-template.ts', 'e2e/support/server-build.ts'],
          // Modules evaluated once per worker, not once per file: importing the server cost each
          // file seconds. What that shares across files is checked by module-state.test.ts.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres' },
                globalSetup: ['apps/server/test/setup/postgres-template.ts', 'e2e/support/server-build.ts'],
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'cli',
          include: ['packages/client/test/**/*.test.ts', 'packages/cli/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // The agent serves the built tracker (packages/tracker/dist): built once before the files run.
      { test: { name: 'agent', include: ['apps/agent/test/**/*.test.ts'], testTimeout: 30_000, globalSetup: ['packages/tracker/build-setup.ts'] } },
      // Modules evaluated once per worker, not once per file: importing React, Mantine and the app
      // cost each file seconds. What that shares across files is reset by the web setup file and
      // checked by apps/web/src/test/module-state.test.ts. The files that mock a module (vi.mock)
      // run isolated, in web-mocks: a mock would reach the other files of a shared worker.
      {
        plugins: [react()],
        test: { ...webTests, name: 'web', exclude: [...WEB_MOCKING_TESTS], isolate: false },
      },
      {
        plugins: [react()],
        test: { ...webTests, name: 'web-mocks', include: [...WEB_MOCKING_TESTS] },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Consoles start on a copy of a database migrated once per run (PostgreSQL's with TEST_DATABASE_URL,
          // else PGlite's: support/console-database.ts), and run the server
          // bundled once per run (support/server-build.ts); the tracker is built once; chromium starts
          // once per worker (support/browser-servers.ts).
          globalSetup: [
            'apps/server/test/setup/pglite-template.ts',
            'e2e/support/postgres-template.ts',
            'e2e/support/server-build.ts',
            'packages/tracker/build-setup.ts',
            'e2e/support/browser-servers.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
