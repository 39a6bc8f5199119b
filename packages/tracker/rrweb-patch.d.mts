/** rrweb-patch.mjs's exports, for the TypeScript that tests it. */
export declare const RRWEB_PATCHES: { name: string; edits: { from: string; to: string }[]; prepend?: string }[];
export declare function patchRrwebSource(source: string): string;
