import { z } from 'zod';
import { TOKEN_ISSUER } from './token-names.ts';

/**
 * The console's tokens: HS256 JWTs signed with the instance's own secret (so
 * a leaked secret opens one instance, not all of them), issued by the console,
 * for the instance's id as audience. `scope` keeps a login token from being
 * used as an admin token and the reverse.
 */

const common = {
  iss: z.literal(TOKEN_ISSUER),
  /** The instance id (or a list holding it). */
  aud: z.union([z.string(), z.array(z.string())]),
  /** Seconds since the epoch. */
  exp: z.number(),
  iat: z.number().optional(),
  jti: z.string().optional(),
};

/** Carried by every admin call; lives a minute. */
export const adminTokenClaimsSchema = z.object({ ...common, scope: z.literal('admin') });

/** Signs the user in to the instance once: the agent keeps its `jti` until it expires and refuses it again. */
export const loginTokenClaimsSchema = z.object({
  ...common,
  scope: z.literal('login'),
  jti: z.string().min(1),
  sub: z.string(),
  name: z.string(),
  email: z.string(),
});

export const consoleTokenClaimsSchema = z.discriminatedUnion('scope', [adminTokenClaimsSchema, loginTokenClaimsSchema]);

export type ConsoleTokenClaims = z.infer<typeof consoleTokenClaimsSchema>;
export type ConsoleTokenScope = ConsoleTokenClaims['scope'];
