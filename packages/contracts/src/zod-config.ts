import { config } from 'zod';

/**
 * In a browser zod compiles no parsers (the console's CSP has no 'unsafe-eval') and must
 * not even probe for it: the probe's `new Function`, although caught, is reported as a
 * CSP violation (an issue in the browser, a failed best-practices audit). The server keeps
 * its compiled parsers. index.ts imports this first, and the web app's main.tsx names it (the
 * bundler keeps it only so: the index is free of side effects): zod reads the setting as each object
 * schema is built.
 */
if (typeof document !== 'undefined') config({ jitless: true });
