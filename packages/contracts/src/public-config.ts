import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './billing';

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
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
