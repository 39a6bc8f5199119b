import type { TestProject } from 'vitest/node';
import { makePgliteTemplate } from './templates';

/** Vitest's global set-up of the server-pglite project (and the projects that start consoles on PGlite). */
export default (project: TestProject) => makePgliteTemplate((key, value) => project.provide(key, value));
