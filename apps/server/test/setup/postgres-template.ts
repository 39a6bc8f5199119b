import type { TestProject } from 'vitest/node';
import { makePostgresTemplate } from './templates';

/** Vitest's global set-up of the server-postgres project. */
export default (project: TestProject) => makePostgresTemplate((key, value) => project.provide(key, value));
