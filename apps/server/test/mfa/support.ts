import { generate } from 'otplib';
import type { TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';

/** The code an authenticator app shows for `secret` at the app's clock, `stepsAhead` steps later. */
export const codeOf = (t: TestApp, secret: string, stepsAhead = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + stepsAhead * 30 });

/** Turns TOTP on for a signed-in member; the secret and the recovery codes it was given. */
export async function enrolTotp(t: TestApp, member: Pick<SignedIn, 'jwt'>): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await t.app.inject({ method: 'POST', url: '/api/account/mfa/totp', headers: bearer(member.jwt) });
  if (start.statusCode !== 200) throw new Error(`enrolment failed: ${start.statusCode} ${start.body}`);
  const { secret } = start.json().data as { secret: string };
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/account/mfa/totp/verify',
    headers: bearer(member.jwt),
    payload: { code: await codeOf(t, secret) },
  });
  if (verify.statusCode !== 200) throw new Error(`confirmation failed: ${verify.statusCode} ${verify.body}`);
  // The step just used stays used: later codes in tests come from the next step on.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: verify.json().data.recoveryCodes };
}

export function loginMfa(t: TestApp, mfaToken: string, code: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/login/mfa', payload: { mfaToken, code }, remoteAddress });
}
