/** build-replay-ui.mjs's exports, for the TypeScript that calls it (tests, the replay bench). */
export declare const REPLAY_UI_DIST: string;
export declare function buildReplayUi(): Promise<string>;
export declare function ensureReplayUiBuilt(): Promise<string>;
