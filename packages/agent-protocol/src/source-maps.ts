import { z } from 'zod';
import { SOURCE_MAP_MAX_BYTES } from './paths.ts';

/**
 * Source maps kept by the instance (its data folder, so backups carry them), one per project,
 * release and file URL, and the frames they resolve. The instance resolves the frames of every
 * error it shows or answers (apps/agent/src/source-maps/): the console keeps no maps of its own.
 */

/** Where a minified frame was in the original source; `context` holds the lines around it from the map's sourcesContent. */
export const originalPositionSchema = z.object({
  source: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  name: z.string().nullable(),
  context: z.array(z.object({ line: z.number().int(), text: z.string(), current: z.boolean() })),
});
export type OriginalPosition = z.infer<typeof originalPositionSchema>;

/** A project id on the instance; null for the account's key (the default project's errors and maps). */
const projectId = z.string().min(1).max(64).nullable();
const projectIds = z.array(projectId).min(1).max(10).optional();
const release = z.string().min(1, { error: 'release is required' }).max(100);
const fileUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/\S+$/i, { error: 'fileUrl must be an http(s) URL of the minified script' });

/** One stored map, without its text. */
export const sourceMapInfoSchema = z.object({
  id: z.string(),
  projectId: projectId,
  release: z.string(),
  fileUrl: z.string(),
  bytes: z.number().int(),
  uploadedAt: z.number(),
});
export type SourceMapInfo = z.infer<typeof sourceMapInfoSchema>;

/** The where of an upload through the instance's own API (SOURCE_MAPS_PATH's query): the map itself is the body. */
export const sourceMapTargetSchema = z.strictObject(
  { projectId: projectId.default(null), release, fileUrl },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}` : 'Expected release and fileUrl') },
);
export type SourceMapTarget = z.output<typeof sourceMapTargetSchema>;

/** The console's upload: the map's text with its where. `uploadedAt` keeps the time of a map the console kept before (see docs/ARCHITECTURE.md). */
export const sourceMapUploadSchema = sourceMapTargetSchema.extend({
  map: z.string().max(SOURCE_MAP_MAX_BYTES, { error: `A source map may be at most ${SOURCE_MAP_MAX_BYTES} bytes` }),
  uploadedAt: z.number().int().min(0).optional(),
});
export type SourceMapUpload = z.output<typeof sourceMapUploadSchema>;

export const sourceMapListRequestSchema = z.strictObject({ projectIds }, { error: 'The body must be { projectIds? }' });
export const sourceMapListSchema = z.object({ sourceMaps: z.array(sourceMapInfoSchema) });

export const sourceMapDeleteRequestSchema = z.strictObject({ id: z.string().min(1).max(64), projectIds }, { error: 'The body must be { id, projectIds? }' });
/** Whether a map of those projects was removed (false: there was none). */
export const sourceMapDeleteSchema = z.object({ removed: z.boolean() });
