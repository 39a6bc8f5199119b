import { z } from 'zod';
import { isIpOrCidr } from '../logger-options';
import { safeText } from '../safe';

/**
 * An instance's network access list (issue 45; not in the spec): the client addresses and CIDR
 * ranges, IPv4 and IPv6, that may reach the instance: its screens, its sign-in, its ingest and
 * tracker. Empty (the default): every address. Enforced by the instance's agent on the
 * connection's own address (apps/agent/src/access.ts) and, under the Kubernetes driver, by the
 * Ingress's source ranges. The instance's health check and the console's own calls stay open.
 * Saved like the CORS tab (a version pair the workflow's config step applies) and audited.
 */

export const MAX_ACCESS_LIST_ENTRIES = 100;
/** The longest IPv6 address with a prefix. */
const MAX_ADDRESS_LENGTH = 49;
export const MAX_ACCESS_COMMENT_LENGTH = 80;

export const ACCESS_LIST_MESSAGES = {
  notAnAddress: (text: string) => `${text} is not an IP address or CIDR range: write one like 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32.`,
  duplicate: (text: string) => `${text} is listed twice: each address or range once.`,
  tooMany: `At most ${MAX_ACCESS_LIST_ENTRIES} addresses or ranges.`,
  notOneAddress: 'Enter one IP address, like 203.0.113.7 or 2001:db8::1.',
  saved: 'Network access list saved',
  saveFailed: 'Failed to save the network access list',
  pending: 'Being applied to the instance…',
  open: 'Open to every address: add an address or range to allow only those.',
  /** Shown before a save that leaves out the address the console sees the member at. */
  lockOut: (address: string) => `Your address as the console sees it (${address}) is not on the list: once it is applied, you will not reach the instance's screens from here. Save anyway?`,
  allowedBy: (address: string, entry: string) => `Allowed: ${address} is within ${entry}, so it reaches the instance.`,
  allowedOpen: (address: string) => `Allowed: the list is empty, so every address, ${address} too, reaches the instance.`,
  refused: (address: string) => `Refused: ${address} is on no entry of the list the instance holds, so the instance answers it 403.`,
} as const;

/** One entry: an address or a range, and what it is for (the member's words, optional). */
export const accessEntrySchema = z.strictObject({
  address: safeText(MAX_ADDRESS_LENGTH).transform((t) => t.toLowerCase()),
  comment: safeText(MAX_ACCESS_COMMENT_LENGTH).default(''),
});
export type AccessEntry = z.output<typeof accessEntrySchema>;

/** POST …/access-list: the whole list at once (empty: open to every address). */
export const accessListBodySchema = z
  .strictObject({
    entries: z
      .array(accessEntrySchema)
      .max(MAX_ACCESS_LIST_ENTRIES, ACCESS_LIST_MESSAGES.tooMany)
      .superRefine((entries, ctx) => {
        const seen = new Set<string>();
        entries.forEach(({ address }, i) => {
          if (!isIpOrCidr(address)) ctx.addIssue({ code: 'custom', message: ACCESS_LIST_MESSAGES.notAnAddress(address), path: [i, 'address'] });
          else if (seen.has(address)) ctx.addIssue({ code: 'custom', message: ACCESS_LIST_MESSAGES.duplicate(address), path: [i, 'address'] });
          seen.add(address);
        });
      }),
  })
  .meta({
    examples: [
      {
        entries: [
          { address: '203.0.113.0/24', comment: 'Office' },
          { address: '2001:db8::/32', comment: 'VPN' },
        ],
      },
    ],
  });
export type AccessListBody = z.input<typeof accessListBodySchema>;

export const accessListSchema = z.object({
  entries: z.array(z.object({ address: z.string(), comment: z.string() })),
  /** A save the instance has not applied yet (it applies at its next run when stopped). */
  pending: z.boolean(),
  /** When a member last saved it (epoch ms); null: never (open). */
  updatedAt: z.number().nullable(),
  /** The caller's address as the console sees it (its own connection's, or its trusted proxy's word): for "Add my address". */
  yourAddress: z.string().nullable(),
});
export type AccessList = z.infer<typeof accessListSchema>;

/** POST …/access-check: one address (no range: a request comes from one). */
export const accessCheckBodySchema = z.strictObject({
  address: safeText(45)
    .transform((t) => t.toLowerCase())
    .refine((t) => isIpOrCidr(t) && !t.includes('/'), ACCESS_LIST_MESSAGES.notOneAddress),
});

/** What the running instance decides for the address, in words, and the entry that admits it. */
export const accessCheckSchema = z.object({ address: z.string(), allowed: z.boolean(), matched: z.string().nullable(), reason: z.string() });
export type AccessCheck = z.infer<typeof accessCheckSchema>;
