/**
 * The protocol's plain values, without zod: paths, start flags, exit codes,
 * the token issuer. The agent imports these at start and loads the schemas
 * (`@replay/agent-protocol`) at the console's first call, so its first health
 * check does not wait on loading zod (~70 ms, more on a busy host).
 */
export * from './capture-rule.ts';
export * from './cors.ts';
export * from './disk.ts';
export * from './exit-codes.ts';
export * from './origin.ts';
export * from './paths.ts';
export * from './start.ts';
export * from './token-names.ts';
export * from './tracker-queue.ts';
export * from './versions.ts';
