import { z } from 'zod';
import { MAX_TEXT_LENGTH, safeExactText, safeText, safeUuid, uuidParamsSchema } from './safe';
import { emailSchema } from './validation';
import { looksLikePem } from './instances/sso';

/**
 * Console sign-in through the account's own identity provider (issue 45, point 1): one
 * connection per account, OpenID Connect or SAML 2.0, that the owner saves (draft), proves
 * with a test sign-in (tested) and may then enforce (enforced: password and second-factor
 * sign-in refused for the claimed domains' emails, the owner's break-glass aside). People sign
 * in by email: the email's domain, claimed and verified by this account, names the connection.
 * Not the instances' SSO (instances/sso.ts): that one signs people into a hosted instance.
 */

export const ACCOUNT_SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type AccountSsoProtocol = (typeof ACCOUNT_SSO_PROTOCOLS)[number];
export const ACCOUNT_SSO_STATES = ['draft', 'tested', 'enforced'] as const;
export type AccountSsoState = (typeof ACCOUNT_SSO_STATES)[number];

/** A domain claim's mailed code lives this long; a claim may be re-sent (a new code) as often as the limits allow. */
export const SSO_DOMAIN_CODE_TTL_MS = 24 * 60 * 60 * 1000;
/** A started sign-in (state, nonce, PKCE verifier) must come back from the IdP within this. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60 * 1000;
export const SSO_LIMITS = { groupRoles: 50, domains: 20, groupName: 256, clientId: 256, clientSecret: 1024, entityId: 1024, url: 2048 } as const;

export const ACCOUNT_SSO_MESSAGES = {
  ownerOnly: 'Only the account owner can manage single sign-on.',
  notConfigured: 'Single sign-on is not set up for this account.',
  notFound: 'Domain not found.',
  required: (field: string) => `${field} is required.`,
  notUrl: (field: string) => `${field} must be an http or https URL, like https://idp.example.com.`,
  notHttps: (field: string) => `${field} must be an https URL.`,
  notPem: 'The certificate must be a PEM X.509 certificate (-----BEGIN CERTIFICATE----- …).',
  roleNotFound: 'Role not found.',
  ownerRole: 'The Owner role cannot be given by single sign-on.',
  secretRequired: 'Client secret is required.',
  duplicateGroup: 'Each IdP group may be mapped once.',
  publicDomain: 'Claim your company’s own domain, not a mail provider’s.',
  domainTaken: 'Another account has verified this domain.',
  domainClaimed: 'This account already claims this domain.',
  tooManyDomains: `An account may claim at most ${SSO_LIMITS.domains} domains.`,
  codeMailed: (email: string) => `A code was mailed to ${email}. Enter it here to verify the domain.`,
  codeInvalid: 'This code is wrong or has expired. Send a new one.',
  enforceNeedsTest: 'Run a test sign-in that passes with these settings before enforcing single sign-on.',
  enforceNeedsDomain: 'Verify at least one domain before enforcing single sign-on.',
  idpUnreachable: 'The identity provider could not be reached.',
  idpRefused: 'The identity provider’s address is refused: it is not a public address.',
  noSsoForEmail: 'Single sign-on is not available for this email. Sign in with your password.',
  ssoRequired: 'Your organization signs in with single sign-on. Use “Sign in with SSO”.',
  signInFailed: 'Single sign-on did not complete. Try again, or ask your administrator.',
  noSeat: 'Your organization’s account has no seat left for you. Ask its owner to free one, then sign in again.',
  noEmail: 'The identity provider did not give a verified email address of a claimed domain.',
  tooManyRequests: 'Too many attempts. Try again later.',
} as const;

/** The audit trail's actor when an identity provider ends console sessions (single logout): no member, no key, as SCIM_AUDIT_NAME. */
export const SSO_IDP_AUDIT_NAME = 'Identity provider';
/** The trail's Action of an IdP-initiated single logout, by protocol (its row also keeps whose sessions and how many ended). */
export const SSO_LOGOUT_AUDIT_ACTIONS = {
  saml: 'Signed out by the identity provider (SAML single logout)',
  oidc: 'Signed out by the identity provider (OIDC back-channel logout)',
} as const satisfies Record<AccountSsoProtocol, string>;

export const ACCOUNT_SSO_LABELS = {
  issuer: 'Issuer URL',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  entryPoint: 'IdP sign-in URL',
  logoutUrl: 'IdP sign-out URL',
  idpCert: 'IdP certificate',
  idpEntityId: 'IdP entity ID',
  defaultRole: 'Default role',
  group: 'IdP group',
} as const;

/** http is accepted by the rule so that a console on a private network (and the tests) can use a local IdP; the server refuses it unless such IdPs are allowed. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname.length > 0 && !url.hash;
  } catch {
    return false;
  }
}

const required = (max: number, label: string) => safeText(max).check(z.minLength(1, ACCOUNT_SSO_MESSAGES.required(label)));
const webUrl = (label: string) => safeText(SSO_LIMITS.url).check(z.refine(isWebUrl, ACCOUNT_SSO_MESSAGES.notUrl(label)));

export const groupRoleSchema = z.strictObject({ group: required(SSO_LIMITS.groupName, ACCOUNT_SSO_LABELS.group), roleId: safeUuid(ACCOUNT_SSO_MESSAGES.roleNotFound) });
export type GroupRole = z.infer<typeof groupRoleSchema>;

const common = {
  defaultRoleId: safeUuid(ACCOUNT_SSO_MESSAGES.roleNotFound),
  groupRoles: z
    .array(groupRoleSchema)
    .max(SSO_LIMITS.groupRoles)
    .check(z.refine((rows) => new Set(rows.map((r) => r.group)).size === rows.length, ACCOUNT_SSO_MESSAGES.duplicateGroup)),
};

/** PUT /client/sso, OIDC: a client secret left out keeps the saved one. */
export const oidcConnectionBodySchema = z.strictObject({
  protocol: z.literal('oidc'),
  issuer: webUrl(ACCOUNT_SSO_LABELS.issuer),
  clientId: required(SSO_LIMITS.clientId, ACCOUNT_SSO_LABELS.clientId),
  clientSecret: safeExactText(SSO_LIMITS.clientSecret).optional(),
  ...common,
});

/**
 * PUT /client/sso, SAML: the IdP's sign-in (SSO) URL, its signing certificate and entity id, and
 * its single logout URL (HTTP-Redirect; null or left out: the IdP offers none, and signing out of
 * the console ends the console's session only).
 */
export const samlConnectionBodySchema = z.strictObject({
  protocol: z.literal('saml'),
  entryPoint: webUrl(ACCOUNT_SSO_LABELS.entryPoint),
  logoutUrl: webUrl(ACCOUNT_SSO_LABELS.logoutUrl).nullable().optional(),
  idpCert: safeExactText(MAX_TEXT_LENGTH).check(z.refine(looksLikePem, ACCOUNT_SSO_MESSAGES.notPem)),
  idpEntityId: required(SSO_LIMITS.entityId, ACCOUNT_SSO_LABELS.idpEntityId),
  ...common,
});

export const saveSsoConnectionSchema = z.discriminatedUnion('protocol', [oidcConnectionBodySchema, samlConnectionBodySchema]).meta({
  examples: [{ protocol: 'oidc', issuer: 'https://idp.example.com', clientId: 'replay-console', clientSecret: 'secret', defaultRoleId: '0b9f9ad4-8a57-4b5e-9a51-1d7c1e1a3f00', groupRoles: [] }],
});
export type SaveSsoConnection = z.input<typeof saveSsoConnectionSchema>;

export const ssoDomainSchema = z.object({
  id: z.guid(),
  domain: z.string(),
  /** Where the code was mailed. */
  email: z.string(),
  status: z.enum(['pending', 'verified']),
  /** Epoch ms: until when the mailed code works (pending only). */
  codeExpiresAt: z.number().nullable(),
  verifiedAt: z.number().nullable(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

export const ssoConnectionSchema = z.object({
  id: z.guid(),
  protocol: z.enum(ACCOUNT_SSO_PROTOCOLS),
  state: z.enum(ACCOUNT_SSO_STATES),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), clientSecretSet: z.boolean() }).nullable(),
  /**
   * SAML: the IdP as saved, and the console's own signing certificate for this connection (its
   * AuthnRequests and logout messages are signed with the key, which is never answered) and the
   * SP metadata that names it, for the IdP. `spCert` null: saved before keys were made; saving again makes one.
   */
  saml: z.object({ entryPoint: z.string(), logoutUrl: z.string().nullable(), idpEntityId: z.string(), idpCert: z.string(), spCert: z.string().nullable(), spMetadataUrl: z.string() }).nullable(),
  defaultRoleId: z.guid(),
  groupRoles: z.array(z.object({ group: z.string(), roleId: z.guid() })),
  /** The last test sign-in: when, whether it passed, and what the IdP said (the subject's email and groups, or the error). */
  lastTest: z.object({ at: z.number(), passed: z.boolean(), detail: z.string() }).nullable(),
  updatedAt: z.number(),
});
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;

/** GET /client/sso: the connection (null before one is saved), the domains, and what to give the IdP. */
export const ssoSettingsSchema = z.object({
  connection: ssoConnectionSchema.nullable(),
  domains: z.array(ssoDomainSchema),
  serviceProvider: z.object({ oidcRedirectUri: z.string(), samlEntityId: z.string(), samlAcsUrl: z.string(), samlSloUrl: z.string(), oidcBackchannelLogoutUri: z.string() }),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoEnforcementSchema = z.strictObject({ enforced: z.boolean() }).meta({ examples: [{ enforced: true }] });
export const claimSsoDomainSchema = z.strictObject({ email: emailSchema }).meta({ examples: [{ email: 'it@example.com' }] });
export const verifySsoDomainSchema = z.strictObject({ code: safeExactText(64).check(z.minLength(1, ACCOUNT_SSO_MESSAGES.required('Code'))) }).meta({ examples: [{ code: '12345678' }] });
export const ssoDomainParamsSchema = uuidParamsSchema(ACCOUNT_SSO_MESSAGES.notFound);

/** POST /auth/sso/start: where the browser goes next (the IdP). */
export const ssoStartSchema = z.strictObject({ email: emailSchema }).meta({ examples: [{ email: 'ada@example.com' }] });
export const ssoTicketSchema = z.strictObject({ ticket: safeExactText(128).check(z.minLength(1, ACCOUNT_SSO_MESSAGES.required('Ticket'))) }).meta({ examples: [{ ticket: 'one-time-ticket' }] });
export const ssoRedirectSchema = z.object({ redirectUrl: z.string() });

/** The lower-case domain of an email address. */
export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Mail providers' domains: claiming one would hand every address there to one account. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'mail.com',
  'yandex.ru',
]);
