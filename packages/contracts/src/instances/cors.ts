import { z } from 'zod';
import { statisticsSchema } from './monitoring';
import { retentionSchema } from './retention';
import { ssoConfigSchema } from './sso';
import { MAX_TEXT_LENGTH, safeText } from '../safe';

/**
 * The CORS tab (spec sections 2, 5, 7, 8 and 9): which web sites' trackers may send
 * recordings to the instance. Saved as the spec says, an `action` and the ingress's CORS
 * annotations (ingress-nginx's names); the instance's agent enforces them on its ingest
 * endpoint. The allowed method and headers are the product's (section 9), fixed: the
 * console answers them in the annotations it reads, and refuses a save that changes them.
 */

export const CORS_MESSAGES = {
  saved: 'CORS configuration saved successfully',
  saveFailed: 'Failed to save CORS configuration',
  /* The spec gives no wording for these refusals; they name the rule (section 5: not empty, no duplicate). */
  emptyOrigin: 'An origin cannot be empty.',
  duplicateOrigin: (origin: string) => `${origin} is listed twice: each origin once.`,
  notAnOrigin: (text: string) =>
    `${text} is not an origin: write http:// or https://, a host name or IP address, and a port if any, like https://app.example.com — nothing else (no path, quotes, spaces or user name).`,
  /* No wildcards: the agent compares origins exactly, and one listed site per line says plainly who may send. */
  wildcard: (text: string) => `${text}: wildcards are not supported. List each site's origin, like https://app.example.com, or list none to allow any site.`,
  tooManyOrigins: (max: number) => `At most ${max} origins can be allowed.`,
  unknownAction: "action must be 'cors'.",
  enableOnly: 'enable-cors must stay "true": trackers run on other sites. Allow any origin with *.',
  fixedRule: (annotation: string, value: string) => `${annotation} is fixed by the product: it must be "${value}".`,
  pending: 'Being applied to the instance…',
} as const;

/** The ingress annotations the CORS configuration is made of (ingress-nginx's names). */
export const CORS_ANNOTATIONS = {
  enable: 'nginx.ingress.kubernetes.io/enable-cors',
  allowOrigin: 'nginx.ingress.kubernetes.io/cors-allow-origin',
  allowMethods: 'nginx.ingress.kubernetes.io/cors-allow-methods',
  allowHeaders: 'nginx.ingress.kubernetes.io/cors-allow-headers',
  exposeHeaders: 'nginx.ingress.kubernetes.io/cors-expose-headers',
} as const;

/** The allow-origin annotation's value for "no list": any site's tracker may send (with the project key). */
export const ANY_ORIGIN = '*';
export const MAX_CORS_ORIGINS = 100;
/** The longest origin: a host name's 253 characters, its scheme and a port. */
const MAX_ORIGIN_LENGTH = 270;

/**
 * A host name as RFC 1123 writes one, after the URL parser lowered it and turned an
 * international name into its xn-- form: labels of letters, digits and inner hyphens, 1 to 63
 * characters, 253 in all, no trailing dot. Dotted IPv4 addresses are of this shape too.
 */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** An IPv6 literal as the URL parser writes it: hex groups and colons in brackets (a dotted IPv4 tail becomes hex). */
const IPV6_LITERAL = /^\[[0-9a-f:]+\]$/;

/**
 * The origin a text names, as browsers send it (lower-case scheme and host, an international
 * name in its xn-- form, no default port), or null when it is not `scheme://host[:port]`:
 * http or https, a host name or an IP literal, a port from 1 to 65535, and nothing else (no
 * path, query, fragment, user name, quote, space or wildcard). The answer is made of
 * `[a-z0-9.:[\]/-]` only, so it is safe wherever it is written (the Kubernetes Ingress's annotation).
 */
export function originOf(text: string): string | null {
  if (text.length > MAX_ORIGIN_LENGTH || !/^https?:\/\/[^\s/\\?#@]+$/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const hostOk = HOST_NAME.test(url.hostname) || IPV6_LITERAL.test(url.hostname);
  return hostOk && url.port !== '0' ? url.origin : null;
}

/** The origins of an allow-origin annotation: `*` is none (any), else a comma-separated list. */
export function originsOfAnnotation(value: string): string[] {
  const trimmed = value.trim();
  return trimmed === ANY_ORIGIN ? [] : trimmed.split(',').map((o) => o.trim());
}

export function annotationOfOrigins(origins: readonly string[]): string {
  return origins.length === 0 ? ANY_ORIGIN : origins.join(', ');
}

/** What is wrong with a list of origins as typed, or null; the form and the server judge alike. */
export function corsOriginsProblem(origins: readonly string[]): string | null {
  if (origins.length > MAX_CORS_ORIGINS) return CORS_MESSAGES.tooManyOrigins(MAX_CORS_ORIGINS);
  const seen = new Set<string>();
  for (const text of origins) {
    if (text.trim() === '') return CORS_MESSAGES.emptyOrigin;
    const origin = originOf(text.trim());
    if (!origin) return text.includes('*') ? CORS_MESSAGES.wildcard(text.trim()) : CORS_MESSAGES.notAnOrigin(text.trim());
    if (seen.has(origin)) return CORS_MESSAGES.duplicateOrigin(origin);
    seen.add(origin);
  }
  return null;
}

/** The origins as the agent keeps them: each as browsers send it. Only for a list `corsOriginsProblem` passed. */
export const normalizedOrigins = (origins: readonly string[]): string[] => origins.map((o) => originOf(o.trim()) ?? o);

/** An annotation's value: the origins' list is the long one (a hundred origins of about 40 characters). */
const annotationValue = safeText(MAX_TEXT_LENGTH);

/** POST …/{id}/config (spec: "CORS save payload: action and ingress annotations"). */
export const corsConfigBodySchema = z
  .strictObject({
    action: z.literal('cors', { error: CORS_MESSAGES.unknownAction }),
    ingressAnnotations: z
      .strictObject({
        [CORS_ANNOTATIONS.enable]: z.literal('true', { error: CORS_MESSAGES.enableOnly }),
        [CORS_ANNOTATIONS.allowOrigin]: annotationValue,
        [CORS_ANNOTATIONS.allowMethods]: annotationValue,
        [CORS_ANNOTATIONS.allowHeaders]: annotationValue,
        [CORS_ANNOTATIONS.exposeHeaders]: annotationValue,
      })
      .superRefine((annotations, ctx) => {
        const problem = corsOriginsProblem(originsOfAnnotation(annotations[CORS_ANNOTATIONS.allowOrigin]));
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [CORS_ANNOTATIONS.allowOrigin] });
      }),
  })
  .meta({
    examples: [
      {
        action: 'cors',
        ingressAnnotations: {
          [CORS_ANNOTATIONS.enable]: 'true',
          [CORS_ANNOTATIONS.allowOrigin]: 'https://app.example.com',
          [CORS_ANNOTATIONS.allowMethods]: 'POST',
          [CORS_ANNOTATIONS.allowHeaders]: 'Content-Type, Authorization, Content-Encoding',
          [CORS_ANNOTATIONS.exposeHeaders]: 'Content-Length',
        },
      },
    ],
  });
export type CorsConfigBody = z.infer<typeof corsConfigBodySchema>;
export type CorsAnnotations = CorsConfigBody['ingressAnnotations'];

/**
 * The version an instance runs (spec section 3: currentVersion): the catalogue's major.minor, and the
 * build commit of its agent when one is known (an operator's EXTRA_VERSIONS entry may name it); null
 * for the agent bundled with this console, which has no build of its own to name.
 */
export const currentVersionSchema = z.object({ version: z.string(), commit: z.string().nullable() });

/**
 * GET …/{id}/config: the instance's configuration as the console keeps it (spec section 3,
 * 'Instance config'): `disk` (the data retention, in days), `sso` (as GET …/config-sso answers it),
 * `statistics` (the latest cpu, memory and disk percentages, as GET …/statistics), `currentVersion`,
 * and the ingress annotations for CORS. `pending` while the workflow has not yet applied the last
 * CORS save to the instance (a stopped instance gets it when it runs again).
 */
export const instanceConfigSchema = z.object({
  ingressAnnotations: z.record(z.string(), z.string()),
  /** The allowed origins, as the agent compares them; empty: any origin. */
  corsOrigins: z.array(z.string()),
  pending: z.boolean(),
  /** When a member last saved the origins (epoch ms), or null: never changed. */
  updatedAt: z.number().nullable(),
  /** The data retention: `days` (null: Unlimited), pending until applied. */
  disk: retentionSchema,
  sso: ssoConfigSchema,
  statistics: statisticsSchema,
  currentVersion: currentVersionSchema,
});
export type InstanceConfig = z.infer<typeof instanceConfigSchema>;

/** The save of `origins` (empty: any), keeping every other annotation as GET …/config answered it. */
export function corsSaveBody(current: InstanceConfig, origins: readonly string[]): CorsConfigBody {
  return {
    action: 'cors',
    ingressAnnotations: { ...current.ingressAnnotations, [CORS_ANNOTATIONS.allowOrigin]: annotationOfOrigins(origins) } as CorsAnnotations,
  };
}

/** POST …/{id}/cors-check: would a tracker on this origin be let in? Asked of the running instance itself. */
export const corsCheckBodySchema = z
  .strictObject({ origin: safeText(MAX_ORIGIN_LENGTH).refine((o) => originOf(o) !== null, { error: (issue) => CORS_MESSAGES.notAnOrigin(String(issue.input)) }) })
  .meta({ examples: [{ origin: 'https://app.example.com' }] });

export const corsCheckSchema = z.object({
  origin: z.string(),
  allowed: z.boolean(),
  /** The instance's preflight answer, in words: what the browser would do and why. */
  reason: z.string(),
  /** The preflight's HTTP status. */
  status: z.number().int(),
});
export type CorsCheck = z.infer<typeof corsCheckSchema>;
