import { z } from 'zod';
import { originalPositionSchema } from './source-maps.ts';

/**
 * JavaScript errors the tracker reports (POST ERRORS_PATH, with the project key, from the
 * sites the CORS origins allow, as recordings are), and the console's reads of them. The
 * agent groups occurrences by message and top frame: a group's id is a digest of both, so
 * the same error from any session lands in one group.
 */

export const MAX_ERROR_FRAMES = 50;
const frameText = (max: number) => z.string().max(max);

/** A stack frame as the browser gives it: the script's URL, the function (null: anonymous), line and column (1-based). */
export const errorFrameSchema = z.object({
  file: frameText(2048),
  function: frameText(512).nullable(),
  line: z.int().min(1).max(10_000_000),
  column: z.int().min(1).max(10_000_000),
});
export type ErrorFrame = z.infer<typeof errorFrameSchema>;

/** One error as the tracker sends it. `release` names the build, so a source map of that build resolves it. */
export const errorEventSchema = z.strictObject(
  {
    sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'sessionId must be 1-64 letters, digits, _ or -' }),
    name: frameText(200).default('Error'),
    message: z.string({ error: 'message must be text' }).min(1).max(2000),
    url: frameText(2048).nullable().default(null),
    release: frameText(100).nullable().default(null),
    /** The stack as the browser wrote it (the RAW view). */
    stack: frameText(20_000).default(''),
    frames: z.array(errorFrameSchema, { error: `frames must be a list of up to ${MAX_ERROR_FRAMES} { file, function, line, column }` }).max(MAX_ERROR_FRAMES),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}` : 'Expected an error event object') },
);
export type ErrorEvent = z.output<typeof errorEventSchema>;

/** A group of occurrences: the same message at the same top frame. */
export const errorGroupSchema = z.object({
  errorId: z.string(),
  name: z.string(),
  message: z.string(),
  topFrame: errorFrameSchema.nullable(),
  count: z.number(),
  sessions: z.number(),
  firstSeen: z.number(),
  lastSeen: z.number(),
});

/**
 * Which projects' errors a read is about: each occurrence is recorded with the project whose key
 * sent it, null for the account's key (the console asks for null with the instance's default
 * project). Absent: every project's, as before projects.
 */
const projectIds = z.array(z.string().min(1).max(64).nullable()).min(1).max(10).optional();

export const errorListRequestSchema = z.strictObject({ page: z.int().min(1).max(10_000), limit: z.int().min(1).max(100), projectIds }, { error: 'The body must be { page, limit, projectIds? }' });
export const errorListSchema = z.object({ groups: z.array(errorGroupSchema), total: z.number() });

export const errorRequestSchema = z.strictObject(
  { errorId: z.string().regex(/^[a-f0-9]{16}$/, { error: 'errorId must be 16 hex digits' }), projectIds },
  { error: 'The body must be { errorId, projectIds? }' },
);
export type ErrorProjects = z.infer<typeof projectIds>;
/**
 * A frame with where a source map of its file puts it in the original source (null: no map resolves
 * it). Absent from agents older than the instance's source maps: the console reads that as null.
 */
export const resolvedFrameSchema = errorFrameSchema.extend({ original: originalPositionSchema.nullable().optional() });
export type ResolvedFrame = z.infer<typeof resolvedFrameSchema>;

/** A group and its latest occurrence, its frames resolved by the instance's source maps (null: no such group). */
export const errorDetailSchema = z
  .object({
    group: errorGroupSchema,
    latest: z.object({ sessionId: z.string(), url: z.string().nullable(), release: z.string().nullable(), stack: z.string(), frames: z.array(resolvedFrameSchema), at: z.number() }),
  })
  .nullable();

export type ErrorGroup = z.infer<typeof errorGroupSchema>;
export type ErrorList = z.infer<typeof errorListSchema>;
export type ErrorDetail = z.infer<typeof errorDetailSchema>;
