import { z } from 'zod';
import { MAX_TEXT_LENGTH, safeExactText, safeText } from '../safe';

/**
 * The Single Sign-On (SSO) tab (spec sections 2, 3 'SSO config', 7 and 8): the instance
 * signs its users in through the customer's SAML identity provider. Saved through
 * `POST …/{id}/config-sso` with the spec's payload; the instance's agent is the SAML
 * service provider and verifies the IdP's signed responses with the saved certificate.
 * Enforcing SSO turns the instance's password sign-in off; the console's one-time link
 * stays the owner's way in. Enforcement needs a passed 'Test sign-in' with the same settings.
 */

export const SSO_MESSAGES = {
  saved: 'SSO configuration saved successfully',
  saveFailed: 'Failed to save SSO configuration',
  /* The spec gives no wording for these. */
  removed: 'SSO configuration removed',
  required: (field: string) => `${field} is required.`,
  notHttps: (field: string) => `${field} must be an https URL, like https://idp.example.com/sso.`,
  notPem: 'The certificate must be a PEM X.509 certificate (-----BEGIN CERTIFICATE----- …).',
  certUnreadable: 'The certificate could not be read as an X.509 certificate.',
  certExpired: (when: string) => `The certificate expired on ${when}.`,
  enforceNeedsTest: 'Run a Test sign-in that passes with these settings before enforcing SSO.',
  notRunning: 'Start the instance to test or enforce SSO.',
  pending: 'Being applied to the instance…',
} as const;

/** The spec's UI labels (identityProvider, endpoint, cert, sloEndpoint, enforce) in words. */
export const SSO_LABELS = {
  entityId: 'Identity provider entity ID',
  name: 'Identity provider name',
  ssoUrl: 'SSO endpoint',
  sloUrl: 'SLO endpoint',
  cert: 'X.509 certificate',
  enforce: 'Enforce SSO',
} as const;

const MAX_URL = 2048;

export function isHttpsUrl(text: string): boolean {
  if (!/^https:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && !url.username && !url.password && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const PEM = /^-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/;
export const looksLikePem = (text: string): boolean => PEM.test(text.trim());

const required = (max: number, label: string) => safeText(max).check(z.minLength(1, SSO_MESSAGES.required(label)));
const httpsUrl = (label: string) => safeText(MAX_URL).check(z.refine(isHttpsUrl, SSO_MESSAGES.notHttps(label)));

/** POST …/{id}/config-sso: the spec's payload. An empty SLO endpoint is none. */
export const ssoBodySchema = z
  .strictObject({
    idp_entityId: required(1024, SSO_LABELS.entityId),
    idp_name: required(100, SSO_LABELS.name),
    idp_sso_url: httpsUrl(SSO_LABELS.ssoUrl),
    idp_slo_url: z.union([z.literal(''), httpsUrl(SSO_LABELS.sloUrl)]).nullable(),
    idp_x509cert: safeExactText(MAX_TEXT_LENGTH).check(z.refine(looksLikePem, SSO_MESSAGES.notPem)),
    enforce_SSO: z.boolean(),
  })
  .meta({
    examples: [
      {
        idp_entityId: 'https://idp.example.com/metadata',
        idp_name: 'Example IdP',
        idp_sso_url: 'https://idp.example.com/sso',
        idp_slo_url: null,
        idp_x509cert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        enforce_SSO: false,
      },
    ],
  });
export type SsoBody = z.infer<typeof ssoBodySchema>;

/** What the console read of the saved certificate (it is public: the IdP publishes it). */
export const ssoCertificateSchema = z.object({ subject: z.string(), issuer: z.string(), notAfter: z.number().int(), sha256: z.string() });

/** GET and POST …/{id}/config-sso. */
export const ssoConfigSchema = z.object({
  /** null while SSO is not configured. */
  idp: z
    .object({
      entityId: z.string(),
      name: z.string(),
      ssoUrl: z.string(),
      sloUrl: z.string().nullable(),
      certificate: ssoCertificateSchema,
      certPem: z.string(),
    })
    .nullable(),
  enforce: z.boolean(),
  /** Saved, not yet applied to the instance by the workflow. */
  pending: z.boolean(),
  updatedAt: z.number().nullable(),
  /** What to give the IdP (the instance is the service provider), while the instance has an address. */
  serviceProvider: z.object({ entityId: z.string(), acsUrl: z.string(), sloUrl: z.string(), metadataUrl: z.string(), testUrl: z.string() }).nullable(),
  /** The last Test sign-in that passed on the instance, and whether it passed with the settings saved now. */
  test: z.object({ passedForSaved: z.boolean(), testedAt: z.number().nullable(), nameId: z.string().nullable() }),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;
