import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './payment-providers';
import { ingestUrlOf } from './tracker-ingest';

/**
 * The console's own session recorder (spec section 9: the console tags its user for a session
 * recorder), when the operator configured one: an instance's address and its account's project
 * key, which trackers carry in every page anyway (it only lets a page send recordings).
 */
export const sessionRecorderConfigSchema = z.object({ instanceUrl: z.string(), projectKey: z.string() });
export type SessionRecorderConfig = z.infer<typeof sessionRecorderConfigSchema>;

/** Where the instance serves its tracker (the agent's TRACKER_SCRIPT_PATH, held equal by a test), and where the tracker sends. */
export const SESSION_RECORDER_SCRIPT_PATH = '/tracker.js';
export const sessionRecorderScriptUrl = (c: SessionRecorderConfig): string => `${c.instanceUrl.replace(/\/+$/, '')}${SESSION_RECORDER_SCRIPT_PATH}`;
export const sessionRecorderIngestUrl = (c: SessionRecorderConfig): string => ingestUrlOf(c.instanceUrl);

/** GET /api/public-config: what the SPA needs before anyone signs in. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  docsUrl: z.string(),
  communityUrl: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  /** Set only when the invisible captcha is switched on. */
  captchaSiteKey: z.string().nullable(),
  /** Without SMTP, sent mail is kept in the operator's outbox. */
  mailTransport: z.enum(['outbox', 'smtp']),
  /** Who tokenizes cards in the browser: the console's offline provider, or Stripe (Elements) with its publishable key. */
  payments: z.object({ provider: z.enum(PAYMENT_PROVIDERS), stripePublishableKey: z.string().nullable() }),
  /** Null unless the operator set SESSION_RECORDER_URL and SESSION_RECORDER_PROJECT_KEY: then nothing is loaded. */
  sessionRecorder: sessionRecorderConfigSchema.nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
