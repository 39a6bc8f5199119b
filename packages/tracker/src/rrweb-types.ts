import type { record } from '@rrweb/record';

/** rrweb's types, as its recorder's signature gives them (the package re-exports only `record`). */
export type RecordOptions = NonNullable<Parameters<typeof record>[0]>;
export type MaskInputOptions = NonNullable<RecordOptions['maskInputOptions']>;
export type RecordedEvent = Parameters<NonNullable<RecordOptions['emit']>>[0];
