import { z } from 'zod';

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
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
