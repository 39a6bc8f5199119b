import { z } from 'zod';
import { DEFAULT_BACKUP_RETENTION_DAYS } from '@replay/contracts';
import { trustProxySetting } from './trust-proxy';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An origin as a browser sends it: scheme, host and optional port, nothing else. */
const ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/**
 * Pages allowed to show the console in an iframe (the spec's `?iframe`): origins
 * separated by spaces or commas, none by default. Each must be a bare origin,
 * since the list is written into the Content-Security-Policy as it is.
 */
const originList = z
  .string()
  .default('')
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.string().regex(ORIGIN, 'FRAME_ANCESTORS must list origins like https://portal.example.com, separated by spaces')));

/**
 * Versions the operator offers beyond the catalogue (a release built
 * elsewhere): a JSON list of `{ version, agentEntry?, tracker?, release? }`.
 * `agentEntry` is the file the local driver runs for that version (the
 * bundled agent when absent). Offered as upgrades, never given to new
 * instances unless NEW_INSTANCE_VERSION names one.
 */
const extraVersions = z
  .string()
  .default('[]')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'EXTRA_VERSIONS must be a JSON list' });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(
      z.strictObject({
        version: z.string().regex(/^\d{1,4}\.\d{1,4}$/, 'a version is major.minor, like 1.22'),
        agentEntry: z.string().min(1).optional(),
        tracker: z
          .string()
          .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'a tracker version is major.minor.patch')
          .optional(),
        release: z
          .string()
          .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'a release is major.minor.patch')
          .optional(),
        commit: z
          .string()
          .regex(/^[0-9a-f]{7,40}$/, 'a commit is 7 to 40 lowercase hex digits, like 3f2c9e1')
          .optional(),
      }),
    ),
  );

/** The session recorder's instance (spec section 9): an http(s) address without credentials, query or fragment, kept without a trailing slash. */
const sessionRecorderUrl = z
  .url({ protocol: /^https?$/, error: 'SESSION_RECORDER_URL must be an http(s) address, like https://replay.example.com' })
  .refine((u) => {
    // An address that does not parse is already refused above, with its own message.
    if (!URL.canParse(u)) return true;
    const url = new URL(u);
    return !url.username && !url.password && !url.search && !url.hash;
  }, 'SESSION_RECORDER_URL must have no credentials, query or fragment')
  .transform((u) => u.replace(/\/+$/, ''))
  .optional();

/** What the agent takes as a project key (16 to 256 visible ASCII characters), so a typo fails at boot rather than in every user's browser. */
const sessionRecorderKey = z
  .string()
  .regex(/^[\x21-\x7e]{16,256}$/, 'SESSION_RECORDER_PROJECT_KEY is the project key of the instance’s account: 16 to 256 visible ASCII characters')
  .optional();

/** The drain delay when none is set: seconds a console leaving a pool keeps answering, see drainDelayDefault. */
/** The spec's 30 s between health rounds (the instances' health job), unless HEALTH_ROUND_SECONDS says otherwise. */
export const DEFAULT_HEALTH_ROUND_SECONDS = 30;

export const DEFAULT_POOLED_DRAIN_DELAY_SECONDS = 5;

/**
 * With DATABASE_URL the console may be one of several behind a balancer, which goes on sending it
 * requests until its health check sees /readyz fail: closing the listener at once fails them. Five
 * seconds outlasts the shipped HAProxy example's checks (out within 1.5 s) with a margin. Alone on
 * its embedded database no balancer waits on it, and a stop is at once.
 */
function drainDelayDefault(databaseUrl: string | undefined): number {
  return databaseUrl ? DEFAULT_POOLED_DRAIN_DELAY_SECONDS : 0;
}

/**
 * Every setting the server reads, validated once at boot. The README's
 * configuration table lists the same names; add a setting here first.
 */
export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z.url().optional(),
    /** Connections the console keeps to DATABASE_URL; see defaultPoolSize. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    PUBLIC_URL: z.url().optional(),
    PRODUCT_NAME: z.string().min(1).default('Replay'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Replay Console <no-reply@localhost>'),
    SUPPORT_EMAIL: z.email().default('support@example.com'),
    /**
     * The operators' credential (the support queue, docs/OPERATIONS.md): a Bearer token no member
     * holds. Unset or empty, the operator API is off (every operator call answers 401). Never logged.
     */
    OPERATOR_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'OPERATOR_TOKEN must be at least 32 characters').max(512).optional()),
    DOCS_URL: z.url().default('https://docs.example.com'),
    COMMUNITY_URL: z.url().default('https://community.example.com'),
    CAPTCHA_SITE_KEY: z.string().optional(),
    CAPTCHA_SECRET: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(900).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    /** Requests one API key may make per minute on each console process (429 beyond, with Retry-After). */
    /** Live status streams: milliseconds between heartbeat comments, each also re-checking the caller's rights (tests shorten it). */
    LIVE_STATUS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
    /** Seconds between the health rounds over running instances: the spec's 30 (instances.jobs.ts; tests shorten it). */
    HEALTH_ROUND_SECONDS: z.coerce.number().int().min(1).max(300).default(DEFAULT_HEALTH_ROUND_SECONDS),
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Whose X-Forwarded-For is believed: config/trust-proxy.ts. */
    TRUST_PROXY: trustProxySetting,
    FRAME_ANCESTORS: originList,
    WEB_DIST: z.string().optional(),
    RUN_WORKERS: bool.default(true),
    /** A backup of every running instance each day at DAILY_BACKUP_TIME UTC (contracts' backups.ts); members may take one at any time. */
    DAILY_BACKUPS: bool.default(true),
    /** Days a backup is kept, then removed from the infrastructure. */
    BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_BACKUP_RETENTION_DAYS),
    /** Stripe's keys: both set, cards go through Stripe (Elements in the browser); neither, the offline provider. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\w+$/, 'STRIPE_SECRET_KEY starts sk_test_ or sk_live_')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'STRIPE_PUBLISHABLE_KEY starts pk_test_ or pk_live_')
      .optional(),
    /** Another address for Stripe's API (stripe-mock, a test double); Stripe's own when unset. */
    STRIPE_API_URL: z.url().optional(),
    /** Days an unpaid invoice may stay open before the account can no longer create instances. */
    BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(14),
    /**
     * Let webhooks call private, loopback, link-local and other internal addresses (a
     * console on a private network, tests). Off, such targets are refused when saved and
     * again when delivered (lib/ssrf-guard.ts).
     */
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: bool.default(false),
    /**
     * Let single sign-on reach identity providers at private, loopback and other internal
     * addresses, and over plain http (a console and its IdP on one private network, tests).
     * Off, such an IdP is refused at every call (lib/ssrf-guard.ts).
     */
    SSO_ALLOW_PRIVATE_IDPS: bool.default(false),
    /** Check every response against zod as well as writing it (the test suites do; costs ~15 % of a busy read). */
    STRICT_RESPONSES: bool.default(false),
    /** The bearer token /metrics asks for; unset, it answers this machine's own callers only. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** Seconds a shutdown (SIGTERM) gives requests and job steps in flight before the process exits anyway. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    /** Seconds a shutting-down process goes on answering (readiness 503) before it closes its listener, for balancers to notice; see drainDelayDefault. */
    SHUTDOWN_DRAIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).optional(),
    EXTRA_VERSIONS: extraVersions,
    /**
     * Where instances run: agent processes on this machine (`local`), or a Kubernetes
     * cluster (`kubernetes`: docs/KUBERNETES.md), reached through KUBECONFIG (or
     * ~/.kube/config), else the pod's service account.
     */
    INFRA_DRIVER: z.enum(['local', 'kubernetes']).default('local'),
    /** The namespace the Kubernetes driver puts every instance's objects in. */
    KUBE_NAMESPACE: z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'KUBE_NAMESPACE is a namespace name, like replay-instances')
      .default('replay-instances'),
    /** The agent's image without a tag (the tag is the instance's version), like ghcr.io/acme/replay-agent. */
    KUBE_AGENT_IMAGE: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._\-/:]*[a-z0-9]$/, 'KUBE_AGENT_IMAGE is an image name without its tag, like ghcr.io/acme/replay-agent')
      .refine((v) => !/:[^/]*$/.test(v), 'KUBE_AGENT_IMAGE has no tag: the instance’s version is its tag')
      .optional(),
    /** Instances are served at https://<instance id>.<KUBE_INGRESS_DOMAIN> (a wildcard DNS record to the ingress controller). */
    KUBE_INGRESS_DOMAIN: z
      .string()
      .regex(/^([a-z0-9]([-a-z0-9]*[a-z0-9])?\.)+[a-z]{2,}$/, 'KUBE_INGRESS_DOMAIN is a domain, like instances.example.com')
      .optional(),
    KUBE_INGRESS_CLASS: z.string().min(1).default('nginx'),
    /** The StorageClass of the instances' volumes (one that allows volume expansion); the cluster's default when unset. */
    KUBE_STORAGE_CLASS: z.string().min(1).optional(),
    /** Local driver: seconds an agent asked to stop (SIGTERM) gets before it is killed (SIGKILL); tests shorten it. */
    AGENT_STOP_GRACE_SECONDS: z.coerce.number().int().min(1).max(120).default(5),
    /** Seconds one call to the Kubernetes API may take before the operation fails (and its job retries). */
    KUBE_API_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
    /** The version new instances get; the newest of the catalogue when unset. Checked against the offered versions at start. */
    NEW_INSTANCE_VERSION: z
      .string()
      .regex(/^\d{1,4}\.\d{1,4}$/, 'NEW_INSTANCE_VERSION is major.minor, like 1.21')
      .optional(),
    /** The console records its own users with this instance's tracker (both set); neither, nothing is loaded. */
    SESSION_RECORDER_URL: sessionRecorderUrl,
    SESSION_RECORDER_PROJECT_KEY: sessionRecorderKey,
  })
  .transform((e) => ({
    ...e,
    SHUTDOWN_DRAIN_DELAY_SECONDS: e.SHUTDOWN_DRAIN_DELAY_SECONDS ?? drainDelayDefault(e.DATABASE_URL),
    embedded: !e.DATABASE_URL,
    captchaEnabled: Boolean(e.CAPTCHA_SITE_KEY && e.CAPTCHA_SECRET),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    paymentProvider: e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY ? ('stripe' as const) : ('offline' as const),
    sessionRecorder:
      e.SESSION_RECORDER_URL && e.SESSION_RECORDER_PROJECT_KEY
        ? { instanceUrl: e.SESSION_RECORDER_URL, origin: new URL(e.SESSION_RECORDER_URL).origin, projectKey: e.SESSION_RECORDER_PROJECT_KEY }
        : null,
  }))
  .refine((e) => Boolean(e.STRIPE_SECRET_KEY) === Boolean(e.STRIPE_PUBLISHABLE_KEY), {
    message: 'Set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither',
    path: ['STRIPE_SECRET_KEY'],
  })
  .refine((e) => e.INFRA_DRIVER !== 'kubernetes' || (e.KUBE_AGENT_IMAGE && e.KUBE_INGRESS_DOMAIN), {
    message: 'INFRA_DRIVER=kubernetes needs KUBE_AGENT_IMAGE and KUBE_INGRESS_DOMAIN',
    path: ['INFRA_DRIVER'],
  })
  .refine((e) => Boolean(e.SESSION_RECORDER_URL) === Boolean(e.SESSION_RECORDER_PROJECT_KEY), {
    message: 'Set both SESSION_RECORDER_URL and SESSION_RECORDER_PROJECT_KEY, or neither',
    path: ['SESSION_RECORDER_URL'],
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
