import { describe, expect, it } from 'vitest';
import { API_KEY_MAX_LIFETIME_MS, API_KEY_MESSAGES, apiKeyExpiryProblem, createApiKeySchema, ipAccessListSchema } from '../src';

describe('the API key rules', () => {
  it('takes addresses and CIDR ranges of both families, lower-cased, and refuses anything else or an entry twice', () => {
    expect(ipAccessListSchema.parse(['203.0.113.7', '203.0.113.0/24', '2001:DB8::/32', '::1'])).toEqual(['203.0.113.7', '203.0.113.0/24', '2001:db8::/32', '::1']);
    for (const bad of ['203.0.113.256', '203.0.113.0/33', '2001:db8::/129', 'example.com', '10.0.0.0/8/8']) {
      const result = ipAccessListSchema.safeParse([bad]);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(API_KEY_MESSAGES.ip(bad));
    }
    expect(ipAccessListSchema.safeParse(['10.0.0.1', '10.0.0.1']).error?.issues[0]?.message).toBe(API_KEY_MESSAGES.duplicate('10.0.0.1'));
    expect(ipAccessListSchema.safeParse(Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`)).success).toBe(false);
  });

  it('needs an expiry in the future and at most a year away', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(apiKeyExpiryProblem(now, now)).toBe(API_KEY_MESSAGES.expiryPast);
    expect(apiKeyExpiryProblem(now + 1, now)).toBeNull();
    expect(apiKeyExpiryProblem(now + API_KEY_MAX_LIFETIME_MS, now)).toBeNull();
    expect(apiKeyExpiryProblem(now + API_KEY_MAX_LIFETIME_MS + 1, now)).toBe(API_KEY_MESSAGES.expiryTooFar);
  });

  it('requires a name, a role id and an expiry, and nothing else', () => {
    const valid = { name: ' Deploy ', roleId: '00000000-0000-4000-8000-000000000000', expiresAt: 4102444800000 };
    expect(createApiKeySchema.parse(valid)).toEqual({ ...valid, name: 'Deploy', ipAccessList: [] });
    for (const key of ['name', 'roleId', 'expiresAt'] as const) {
      const { [key]: _dropped, ...rest } = valid;
      expect(createApiKeySchema.safeParse(rest).success, key).toBe(false);
    }
    expect(createApiKeySchema.safeParse({ ...valid, name: '' }).success).toBe(false);
    expect(createApiKeySchema.safeParse({ ...valid, secret: 'mine' }).success).toBe(false);
  });
});
