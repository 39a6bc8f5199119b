import type { TestProject } from 'vitest/node';
import { makePostgresTemplate, runAdmin } from '../../apps/server/test/setup/templates';

/**
 * Global set-up of the e2e project, with TEST_DATABASE_URL: a migrated PostgreSQL database that
 * each console's own is copied from (console-database.ts). At the end of the run every copy still
 * there is dropped with it: a console's teardown drops its own without waiting, and a file that
 * timed out may leave one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.TEST_DATABASE_URL) {
    project.provide('e2ePostgresTemplate', '');
    return async () => {};
  }
  let template = '';
  const dropTemplate = await makePostgresTemplate((_key, value) => (template = value));
  project.provide('e2ePostgresTemplate', template);
  return async () => {
    await dropCopies(template);
    await dropTemplate();
  };
}

async function dropCopies(template: string): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const copies = await runAdmin<{ datname: string }>(adminUrl, 'select datname from pg_database where datname like $1', [`${template}\\_c\\_%`]);
  for (const { datname } of copies) await runAdmin(adminUrl, `drop database if exists ${datname} with (force)`);
}
