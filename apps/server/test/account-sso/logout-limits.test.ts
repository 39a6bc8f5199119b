import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import { RATE_RULES } from '../../src/lib/rate-limit';
import { createTestApp } from '../support/app';

/**
 * The single logout routes answer anyone (the IdP's page or server, no session): each message
 * may cost a signature check or a fetch of the IdP's keys, so each address gets a budget.
 */
const t = await createTestApp();
afterAll(() => t.close());

async function exhaust(send: () => Promise<{ statusCode: number; body: string }>, limit: number): Promise<{ statusCode: number; body: string }> {
  for (let n = 0; n < limit; n += 1) {
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
  }
  return send();
}

describe('single logout from one address', () => {
  it('answers SAML logout messages up to the budget, then 429', async () => {
    const send = () => t.app.inject({ method: 'GET', url: '/sso/saml/slo?SAMLRequest=not-deflated', remoteAddress: '203.0.113.7' });
    const over = await exhaust(send, RATE_RULES.ssoLogoutFromAddress.limit);
    expect(over.statusCode).toBe(429);
    expect(JSON.parse(over.body).errors).toEqual([ACCOUNT_SSO_MESSAGES.tooManyRequests]);
    // Another address keeps its own budget.
    expect((await t.app.inject({ method: 'GET', url: '/sso/saml/slo', remoteAddress: '203.0.113.8' })).statusCode).toBe(400);
  });

  it('answers back-channel logout tokens up to the budget, then 429', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/sso/oidc/backchannel-logout',
        remoteAddress: '198.51.100.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'logout_token=not.a.jwt',
      });
    const over = await exhaust(send, RATE_RULES.ssoBackchannelFromAddress.limit);
    expect(over.statusCode).toBe(429);
  });
});
