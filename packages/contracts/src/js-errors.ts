import { z } from 'zod';
import { JS_ERROR_MESSAGES } from './js-error-messages';
import { siteIdField } from './projects';
import { INPUT_MESSAGES, isStorableText, safeExactText, safePaging, safeText, safeUuid } from './safe';

/**
 * JavaScript errors the tracker reported to a project of an instance (spec: /{siteId}/errors and
 * the stack-trace view). The instance keeps them, each under the project whose key sent it; the
 * console reads one project's through its agent, their frames resolved by the instance through the
 * source maps members upload for that project, which the console forwards to the instance, where
 * they are kept by project, release and file URL.
 */

export { JS_ERROR_MESSAGES };

export const PAGE_SIZE_ERRORS = 20;
/** Under the API's 1 MiB body limit, with room for the other fields and JSON escaping of ASCII text. */
export const MAX_SOURCE_MAP_CHARS = 900_000;

export const jsErrorsQuerySchema = z.strictObject({ ...safePaging(PAGE_SIZE_ERRORS, 'query'), siteId: siteIdField });
/** An error group's id is 16 hex digits (a digest). */
export const isJsErrorId = (text: string): boolean => /^[a-f0-9]{16}$/.test(text);
/** Any other error id names nothing: the service answers it 404 once the instance is judged, so the instance's own 404 comes first. */
export const jsErrorParamsSchema = z.object({
  id: safeUuid('Instance not found.'),
  errorId: safeExactText(64),
});

const frameSchema = z.object({ file: z.string(), function: z.string().nullable(), line: z.number().int(), column: z.number().int() });

/** A group of occurrences: the same message at the same top frame. */
export const jsErrorGroupSchema = z.object({
  errorId: z.string(),
  name: z.string(),
  message: z.string(),
  topFrame: frameSchema.nullable(),
  count: z.number().int(),
  sessions: z.number().int(),
  firstSeen: z.number(),
  lastSeen: z.number(),
});
export type JsErrorGroup = z.infer<typeof jsErrorGroupSchema>;
export const jsErrorListSchema = z.object({ errors: z.array(jsErrorGroupSchema), total: z.number().int() });

/** A frame as minified, and where it was in the original source (null: no source map for its file). */
export const stackFrameSchema = frameSchema.extend({
  original: z
    .object({
      source: z.string(),
      line: z.number().int(),
      column: z.number().int(),
      name: z.string().nullable(),
      /** Lines around it from the map's sourcesContent (empty when the map has none), the frame's line marked. */
      context: z.array(z.object({ line: z.number().int(), text: z.string(), current: z.boolean() })),
    })
    .nullable(),
});
export type StackFrame = z.infer<typeof stackFrameSchema>;

export const jsErrorDetailSchema = z.object({
  error: jsErrorGroupSchema,
  sessionId: z.string(),
  url: z.string().nullable(),
  release: z.string().nullable(),
  at: z.number(),
  /** The stack as the browser wrote it: the RAW view. */
  stack: z.string(),
  frames: z.array(stackFrameSchema),
  /** Whether any frame was resolved through an uploaded source map. */
  sourceMapped: z.boolean(),
});
export type JsErrorDetail = z.infer<typeof jsErrorDetailSchema>;

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** POST …/{id}/source-maps: the map of one minified file of one release. */
export const sourceMapBodySchema = z.strictObject({
  release: safeText(100).min(1, 'Release is required'),
  fileUrl: safeText(2048).refine(isHttpUrl, JS_ERROR_MESSAGES.fileUrl),
  map: z.string().check(z.refine(isStorableText, INPUT_MESSAGES.unstorableText), z.maxLength(MAX_SOURCE_MAP_CHARS, JS_ERROR_MESSAGES.tooLarge(MAX_SOURCE_MAP_CHARS))),
});
export type SourceMapBody = z.infer<typeof sourceMapBodySchema>;
export const sourceMapSchema = z.object({ id: z.string(), release: z.string(), fileUrl: z.string(), bytes: z.number().int(), uploadedAt: z.number() });
export type SourceMapInfo = z.infer<typeof sourceMapSchema>;
/** GET …/{id}/source-maps: the project's maps, newest first. */
export const sourceMapListSchema = z.object({ sourceMaps: z.array(sourceMapSchema) });
export const sourceMapParamsSchema = z.object({
  id: safeUuid('Instance not found.'),
  mapId: safeUuid(JS_ERROR_MESSAGES.sourceMapNotFound),
});
