import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * Which IdP settings a 'Test sign-in' passed with: a SHA-256 over the entity id, the SSO
 * URL and the certificate's DER bytes (PEM armour and line breaks do not count). The agent
 * records it on a successful test; the console lets enforcement be switched on only while
 * the settings it saves have the fingerprint of a passed test.
 */
export function ssoFingerprint(sso: { idpEntityId: string; idpSsoUrl: string; idpX509cert: string }): string {
  const der = sso.idpX509cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return createHash('sha256').update(`${sso.idpEntityId}\n${sso.idpSsoUrl}\n${der}`).digest('hex');
}

/** `GET /api/admin/sso`: the last 'Test sign-in' that passed on this instance, or nulls. */
export const ssoStatusSchema = z.object({
  testedFingerprint: z.string().nullable(),
  testedAt: z.number().nullable(),
  /** Who the IdP said signed in (its NameID), shown in the console. */
  testedNameId: z.string().nullable(),
});
export type SsoStatus = z.infer<typeof ssoStatusSchema>;
