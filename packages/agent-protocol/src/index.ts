/**
 * The console↔agent protocol: everything a driver needs to start an agent and
 * speak to it, and everything the agent checks what it is told against. zod
 * and its own files only, so any driver (the local one, a cluster one) and the
 * agent share it; the agent runs it from source, hence the `.ts` imports.
 * `./plain` is the part without zod; `./addresses` the address rules (node:net, so not for a browser).
 */
export * from './plain.ts';
export * from './addresses.ts';
export * from './answers.ts';
export * from './calls.ts';
export * from './config.ts';
export * from './sso.ts';
export * from './errors.ts';
export * from './source-maps.ts';
export * from './activity.ts';
export * from './tokens.ts';
export * from './tracker-config.ts';
