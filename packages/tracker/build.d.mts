/** build.mjs's exports, for the TypeScript that calls it (tests' globalSetup, the size bench). */
export declare const DIST: string;
export declare function buildTracker(): Promise<{ version: string; name: string; dist: string }>;
export declare function ensureTrackerBuilt(): Promise<{ version: string; name: string; dist: string }>;
