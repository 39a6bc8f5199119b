import { z } from 'zod';

/**
 * `GET /api/tracker-config`: what a tracker applies in the browser before anything leaves the
 * page. The logger options (spec section 3) decide what of the page is kept; `capture` decides
 * whether the session is recorded at all (capture-rule.ts): the rate, and the condition sets
 * with each user id as its trackerUserDigest, so a page's visitors never read the ids a member
 * watches for. Set names stay on the instance: the tracker needs none.
 */
export const trackerConfigAnswerSchema = z.strictObject({
  defaultInputMode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  obscureEmailData: z.boolean(),
  obscureNumericData: z.boolean(),
  capture: z.strictObject({
    rate: z.int().min(0).max(100),
    conditions: z.array(
      z.strictObject({
        urlPath: z.string().nullable(),
        userId: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .nullable(),
      }),
    ),
  }),
});

export type TrackerConfigAnswer = z.infer<typeof trackerConfigAnswerSchema>;
