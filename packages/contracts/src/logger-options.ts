import { z } from 'zod';
import { HOST_LABEL_PATTERN, IPV4_PATTERN, TLD_PATTERN, isIpv6 } from './host-rules';
import { safeText } from './safe';

/**
 * The account's logger options (spec section 3's client/tenant: loggerOptions {ipWhitelist,
 * allowedDomains, defaultInputMode (0), obscureEmailData, obscureNumericData}): what every
 * instance of the account accepts and how it stores it. Kept per account; the workflow's
 * config step pushes them to every instance (a new one at its first run), and the agent
 * enforces them on ingest (apps/agent/src/logger.ts):
 *
 * - `ipWhitelist`: addresses (203.0.113.7, 2001:db8::1) or CIDR ranges (203.0.113.0/24,
 *   2001:db8::/32); when not empty, recordings and errors from any other client address are
 *   refused (403). Empty: any address.
 * - `allowedDomains`: host names (shop.example.com), or `*.example.com` for every subdomain
 *   (not the apex: list both); when not empty, a batch whose page (its Origin, else its
 *   page URL) is on any other host is refused (403). Empty: any page.
 * - `defaultInputMode`: what the agent keeps of a typed value (an `input` event's `value`):
 *   0 plain, 1 obscured (each character becomes `*`), 2 ignored (the value is dropped; the
 *   event stays, so a replay shows that the field was typed in).
 * - `obscureEmailData` / `obscureNumericData`: e-mail addresses / digits in the recorded text
 *   (every string of every event, but the event's `type`) become `*`, one per character.
 */

export const LOGGER_INPUT_MODES = [0, 1, 2] as const;
export type LoggerInputMode = (typeof LOGGER_INPUT_MODES)[number];
export const LOGGER_INPUT_MODE_LABELS: Record<LoggerInputMode, string> = { 0: 'Plain', 1: 'Obscured', 2: 'Ignored' };
export const MAX_LOGGER_LIST = 50;
/** A host name's 253 characters and its `*.`. */
const MAX_DOMAIN = 255;
/** The longest IPv6 address with a prefix. */
const MAX_ADDRESS = 49;

export const LOGGER_OPTIONS_MESSAGES = {
  ip: (text: string) => `${text} is not an IP address or CIDR range: write one like 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32.`,
  domain: (text: string) => `${text} is not a domain: write a host name like shop.example.com, or *.example.com for its subdomains.`,
  duplicate: (text: string) => `${text} is listed twice: each entry once.`,
  tooMany: `At most ${MAX_LOGGER_LIST} entries per list.`,
  inputMode: 'Default input mode must be 0 (plain), 1 (obscured) or 2 (ignored).',
  saved: 'Logger options saved successfully',
  saveFailed: 'Failed to save logger options',
  pending: 'Being applied to the instances…',
} as const;

/** An IPv4 or IPv6 address, or a CIDR range of one (the prefix within the family's bits). */
export function isIpOrCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return false;
  const v4 = IPV4_PATTERN.test(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  return /^(0|[1-9]\d{0,2})$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/** A host name of two labels or more with a real-looking top-level one, lower case, optionally after `*.`. */
export function isDomainPattern(text: string): boolean {
  const host = text.startsWith('*.') ? text.slice(2) : text;
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => HOST_LABEL_PATTERN.test(l)) && TLD_PATTERN.test(labels[labels.length - 1]!);
}

/** A list of entries: each trimmed and lower-cased, checked by `valid`, none twice, at most MAX_LOGGER_LIST. */
function entryList(max: number, valid: (text: string) => boolean, message: (text: string) => string) {
  return z
    .array(safeText(max).transform((t) => t.toLowerCase()))
    .max(MAX_LOGGER_LIST, LOGGER_OPTIONS_MESSAGES.tooMany)
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, i) => {
        if (!valid(entry)) ctx.addIssue({ code: 'custom', message: message(entry), path: [i] });
        else if (seen.has(entry)) ctx.addIssue({ code: 'custom', message: LOGGER_OPTIONS_MESSAGES.duplicate(entry), path: [i] });
        seen.add(entry);
      });
    });
}

const inputModeSchema = z.union(
  LOGGER_INPUT_MODES.map((m) => z.literal(m)),
  { error: LOGGER_OPTIONS_MESSAGES.inputMode },
);

/** POST /client/logger-options: the whole options at once. */
export const loggerOptionsBodySchema = z
  .strictObject({
    ipWhitelist: entryList(MAX_ADDRESS, isIpOrCidr, LOGGER_OPTIONS_MESSAGES.ip),
    allowedDomains: entryList(MAX_DOMAIN, isDomainPattern, LOGGER_OPTIONS_MESSAGES.domain),
    defaultInputMode: inputModeSchema,
    obscureEmailData: z.boolean(),
    obscureNumericData: z.boolean(),
  })
  .meta({
    examples: [{ ipWhitelist: ['203.0.113.0/24'], allowedDomains: ['shop.example.com', '*.example.org'], defaultInputMode: 1, obscureEmailData: true, obscureNumericData: false }],
  });
export type LoggerOptionsBody = z.input<typeof loggerOptionsBodySchema>;
export type LoggerOptionsValues = z.output<typeof loggerOptionsBodySchema>;

/** What the console answers: the options, and `pending` while some running instance has not applied them yet. */
export const loggerOptionsSchema = z.object({
  ipWhitelist: z.array(z.string()),
  allowedDomains: z.array(z.string()),
  defaultInputMode: z.union(LOGGER_INPUT_MODES.map((m) => z.literal(m))),
  obscureEmailData: z.boolean(),
  obscureNumericData: z.boolean(),
  pending: z.boolean(),
  /** When a member last saved them (epoch ms), or null: the defaults. */
  updatedAt: z.number().nullable(),
});
export type LoggerOptions = z.infer<typeof loggerOptionsSchema>;

/** The spec's default input mode 0; nothing refused, nothing obscured. */
export const DEFAULT_LOGGER_OPTIONS: LoggerOptionsValues = { ipWhitelist: [], allowedDomains: [], defaultInputMode: 0, obscureEmailData: false, obscureNumericData: false };
