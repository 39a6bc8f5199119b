import { PERMISSIONS, accountSchema, type Account, type PublicConfig } from '@replay/contracts';

/** A valid account (checked against the contract), owner of a trial organization with every permission. */
export function makeAccount(overrides: Partial<Account> = {}): Account {
  const now = Date.UTC(2026, 0, 1);
  return accountSchema.parse({
    userId: 'usr_1',
    name: 'Ada Owner',
    email: 'ada@example.com',
    avatar: null,
    roleId: 'role_owner',
    roleName: 'Owner',
    admin: true,
    superAdmin: true,
    permissions: [...PERMISSIONS],
    isTrial: true,
    remainingTrial: 7,
    trialEndsAt: now + 7 * 86_400_000,
    instanceCount: 0,
    hasBillingDetails: false,
    edition: 'foss',
    tenantName: 'Analytical Engines',
    tenantId: 'ten_1',
    tenantKey: 'tk_123',
    apiKey: null,
    smtp: false,
    plan: { type: 'trial', remaingSessions: null, billingSetup: false, remainingTrialDays: 7 },
    settings: { modules: [] },
    hasPassword: true,
    changePassword: false,
    mfaRequired: false,
    mfaEnrolmentRequired: false,
    limits: { teamMember: { limit: 50, remaining: 49 }, sites: { limit: 10, remaining: 10 } },
    banner: null,
    verifiedEmail: true,
    license: null,
    expirationDate: null,
    iceServers: null,
    optOut: false,
    createdAt: now,
    ...overrides,
  });
}

export const publicConfig: PublicConfig = {
  productName: 'Replay',
  supportEmail: 'support@example.com',
  docsUrl: 'https://docs.example.com',
  communityUrl: 'https://community.example.com',
  termsUrl: 'https://docs.example.com/terms',
  privacyUrl: 'https://docs.example.com/privacy',
  captchaSiteKey: null,
  mailTransport: 'outbox',
  payments: { provider: 'offline', stripePublishableKey: null },
  sessionRecorder: null,
};

/** An unsigned JWT whose `exp` is `secondsFromNow` ahead; the client only reads its payload. */
export function makeJwt(secondsFromNow = 900, subject = 'usr_1'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, exp })}.signature`;
}
