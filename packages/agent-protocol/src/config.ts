import { z } from 'zod';
import { ACCESS_LIST_MAX, isIpOrRange } from './addresses.ts';
import { isOrigin } from './origin.ts';

/**
 * The config the console may change on a running instance. Calls are strict
 * (an unknown field is refused, never dropped); answers are read leniently, so
 * an agent that reports more than this console knows still answers.
 */

const SSO_TEXT_MAX = 20_000;
const ssoText = (field: string) => z.string({ error: `sso.${field} must be text` }).max(SSO_TEXT_MAX);

/**
 * SAML settings of the instance, named as in the console's SSO config (spec: idpEntityId,
 * idpSsoUrl, idpX509cert, idpSlsUrl, enforceSSO; idpName is the save payload's
 * `idp_name`, shown on the instance's sign-in button). The certificate is PEM text (the
 * console has parsed it as X.509); the URLs are https (the console's rule).
 */
const ssoShape = {
  idpEntityId: ssoText('idpEntityId'),
  idpName: ssoText('idpName'),
  idpSsoUrl: ssoText('idpSsoUrl'),
  idpX509cert: ssoText('idpX509cert'),
  /** The IdP's single logout endpoint, or null. */
  idpSlsUrl: ssoText('idpSlsUrl').nullable(),
  /** Password sign-in on the instance is refused; the console's one-time link still signs the owner in (break-glass). */
  enforceSSO: z.boolean({ error: 'sso.enforceSSO must be true or false' }),
};

const CAPTURE_TEXT_MAX = 200;
const captureText = (field: string) =>
  z
    .string({ error: `capture.conditions[].${field} must be text or null` })
    .min(1)
    .max(CAPTURE_TEXT_MAX)
    .nullable();

/**
 * Which sessions the instance records (the account's session settings): a session whose id
 * hashes under `rate` percent (agent's capture.ts: kept or dropped as a whole; 0 none, 100 all),
 * and any session a condition set matches: a set names a page path prefix (`urlPath`), a user
 * id, or both, and matches a batch when everything it names matches.
 */
const captureShape = {
  rate: z.int({ error: 'capture.rate must be a whole number from 0 to 100' }).min(0).max(100),
  conditions: z
    .array(z.strictObject({ name: z.string().min(1).max(CAPTURE_TEXT_MAX), urlPath: captureText('urlPath'), userId: captureText('userId') }), {
      error: 'capture.conditions must be a list of { name, urlPath, userId }',
    })
    .max(20),
};

/** 'UTC-12:00' to 'UTC+12:00', whole, half and three-quarter hours (the console's list is contracts' SESSION_TIMEZONES). */
const DURATION_MESSAGE = "display.durationFilter must be { operator: '<' or '>', count: 0 to 1000000, unit: sec, min or hour }";
const DISPLAY_TIMEZONE = /^UTC(-(0\d|1[0-2])|\+(0\d|1[0-2])):(00|30|45)$/;

/**
 * How the instance's session screens show sessions (the account's session settings' display
 * part, spec section 4): the time zone of the list's and the replay's times and of the range
 * presets' days, the list's default duration filter, and the replay's mouse trail and skip of
 * inactive time (the spec's skip-to-issue).
 */
const displayShape = {
  timezone: z.string({ error: 'display.timezone must be text' }).regex(DISPLAY_TIMEZONE, { error: 'display.timezone must be UTC-12:00 to UTC+12:00, like UTC+05:30' }),
  durationFilter: z.strictObject(
    {
      operator: z.enum(['<', '>'], { error: DURATION_MESSAGE }),
      count: z.int({ error: DURATION_MESSAGE }).min(0, { error: DURATION_MESSAGE }).max(1_000_000, { error: DURATION_MESSAGE }),
      unit: z.enum(['sec', 'min', 'hour'], { error: DURATION_MESSAGE }),
    },
    { error: DURATION_MESSAGE },
  ),
  mouseTrail: z.boolean({ error: 'display.mouseTrail must be true or false' }),
  skipToIssue: z.boolean({ error: 'display.skipToIssue must be true or false' }),
};

const LOGGER_LIST_MAX = 50;
const DOMAIN_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/**
 * What the instance accepts and how it stores it (the account's logger options): client
 * addresses or CIDR ranges allowed to send (empty: any), page hosts allowed (`*.` for
 * subdomains; empty: any), the typed values' mode (0 plain, 1 obscured, 2 ignored), and
 * whether e-mail addresses and digits in recorded text are obscured (agent's logger.ts).
 */
const loggerShape = {
  ipWhitelist: z.array(z.string().max(49).refine(isIpOrRange), { error: 'logger.ipWhitelist must be a list of IP addresses or CIDR ranges' }).max(LOGGER_LIST_MAX),
  allowedDomains: z.array(z.string().max(255).regex(DOMAIN_PATTERN), { error: 'logger.allowedDomains must be a list of lower-case host names, optionally after *.' }).max(LOGGER_LIST_MAX),
  defaultInputMode: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'logger.defaultInputMode must be 0, 1 or 2' }),
  obscureEmailData: z.boolean({ error: 'logger.obscureEmailData must be true or false' }),
  obscureNumericData: z.boolean({ error: 'logger.obscureNumericData must be true or false' }),
};

const PROJECT_KEYS_MESSAGE = 'projectKeys must be a list of { projectId, sha256 }, sha256 as 64 lower-case hex digits';
/**
 * The instance's projects' keys, beside the account's key the agent starts with: trackers may send
 * any of them. The console sends each key's SHA-256 (hex), never the key itself, so the agent's
 * config file and its answers hold nothing a tracker could send; the agent compares digests anyway.
 */
const projectKeysShape = z
  .array(z.strictObject({ projectId: z.string().min(1).max(64), sha256: z.string().regex(/^[0-9a-f]{64}$/) }), { error: PROJECT_KEYS_MESSAGE })
  .max(1000)
  .refine((keys) => new Set(keys.map((k) => k.sha256)).size === keys.length, { error: 'projectKeys must not repeat a key' });

const RETENTION_MESSAGE = 'retentionDays must be a whole number of days from 1 to 3650, or null';
const ORIGINS_MESSAGE = 'corsOrigins must be a list of origins such as https://app.example.com';

const ACCESS_LIST_MESSAGE = `accessList must be a list of at most ${ACCESS_LIST_MAX} IP addresses or CIDR ranges, none twice`;

const changeShape = {
  /** Session data older than this many days is removed; null keeps it forever ('Unlimited'). */
  retentionDays: z.int({ error: RETENTION_MESSAGE }).min(1).max(3650).nullable(),
  /** Origins allowed to send recorded events; empty allows any origin. */
  corsOrigins: z
    .array(z.string({ error: ORIGINS_MESSAGE }).refine(isOrigin, { error: ORIGINS_MESSAGE }), { error: ORIGINS_MESSAGE })
    .max(100)
    .refine((origins) => new Set(origins).size === origins.length, { error: 'corsOrigins must not repeat an origin' }),
  sso: z
    .strictObject(ssoShape, {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown sso fields: ${issue.keys.join(', ')}` : 'sso must be an object or null'),
    })
    .nullable(),
  capture: z.strictObject(captureShape, { error: 'capture must be { rate, conditions }' }),
  logger: z.strictObject(loggerShape, { error: 'logger must be { ipWhitelist, allowedDomains, defaultInputMode, obscureEmailData, obscureNumericData }' }),
  projectKeys: projectKeysShape,
  /**
   * The instance's network access list: addresses and CIDR ranges that may reach it (its screens,
   * ingest, the tracker); empty: every address. Its health and the console's calls stay open (server.ts).
   */
  accessList: z
    .array(z.string({ error: ACCESS_LIST_MESSAGE }).max(49).refine(isIpOrRange, { error: ACCESS_LIST_MESSAGE }), { error: ACCESS_LIST_MESSAGE })
    .max(ACCESS_LIST_MAX, { error: ACCESS_LIST_MESSAGE })
    .refine((entries) => new Set(entries).size === entries.length, { error: ACCESS_LIST_MESSAGE }),
  display: z.strictObject(displayShape, { error: 'display must be { timezone, durationFilter, mouseTrail, skipToIssue }' }),
};

/** `POST /api/admin/config`: any of the fields; the rest stay as they are. */
export const agentConfigChangeSchema = z.strictObject(
  {
    retentionDays: changeShape.retentionDays.optional(),
    corsOrigins: changeShape.corsOrigins.optional(),
    sso: changeShape.sso.optional(),
    capture: changeShape.capture.optional(),
    logger: changeShape.logger.optional(),
    projectKeys: changeShape.projectKeys.optional(),
    accessList: changeShape.accessList.optional(),
    display: changeShape.display.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}` : 'Expected a JSON object') },
);

export const ssoConfigSchema = z.object(ssoShape);

/** The config as the agent keeps it (config.json in its data folder) and answers it. */
export const agentConfigSchema = z.object({
  retentionDays: changeShape.retentionDays,
  corsOrigins: z.array(z.string()),
  sso: ssoConfigSchema.nullable(),
  /** Absent from an agent older than capture settings: it records everything. */
  capture: z.object(captureShape).optional(),
  /** Absent from an agent older than logger options: it accepts any client and page, and stores text as sent. */
  logger: z.object(loggerShape).optional(),
  /** Absent from an agent older than project keys: it accepts the account's key only. */
  projectKeys: z.array(z.object({ projectId: z.string(), sha256: z.string() })).optional(),
  /** Absent from an agent older than access lists: every address may reach it. */
  accessList: z.array(z.string()).optional(),
  /** Absent from an agent older than display settings, or one no console has given them yet: the spec's defaults (display.ts). */
  display: z.object({ ...displayShape, timezone: z.string(), durationFilter: z.object(displayShape.durationFilter.shape) }).optional(),
  /** When the console last changed it; null while it never has. */
  updatedAt: z.number().nullable(),
});

export type SsoConfig = z.infer<typeof ssoConfigSchema>;
export type CaptureConfig = z.infer<typeof changeShape.capture>;
export type LoggerConfig = z.infer<typeof changeShape.logger>;
export type DisplayConfig = z.infer<typeof changeShape.display>;
export type ProjectKeyDigest = z.infer<typeof projectKeysShape>[number];
export type AgentConfig = z.infer<typeof agentConfigSchema>;
export type AgentConfigChange = z.infer<typeof agentConfigChangeSchema>;
