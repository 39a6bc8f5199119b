import { generate } from 'otplib';
import { SoftAuthenticator } from './soft-authenticator';
import type { TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';

/** The code an authenticator app shows for `secret` at the app's clock, `stepsAhead` steps later. */
export const codeOf = (t: TestApp, secret: string, stepsAhead = 0): Promise<string> => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + stepsAhead * 30 });

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

/** The console's relying party as the tests' server is configured (PUBLIC_URL unset: localhost). */
export function softAuthenticatorFor(t: TestApp): SoftAuthenticator {
  const url = new URL(t.runtime.ctx.env.publicUrl);
  return new SoftAuthenticator(url.hostname, url.origin);
}

/** Registers a software authenticator for a signed-in member; the answer of the verify call. */
export async function registerKey(t: TestApp, member: Pick<SignedIn, 'jwt'>, key = softAuthenticatorFor(t), name = 'Test key') {
  const options = await t.app.inject({ method: 'POST', url: '/api/account/mfa/webauthn/registration-options', headers: bearer(member.jwt) });
  if (options.statusCode !== 200) throw new Error(`registration options failed: ${options.statusCode} ${options.body}`);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/account/mfa/webauthn',
    headers: bearer(member.jwt),
    payload: { name, response: key.register(options.json().data) },
  });
  if (added.statusCode !== 200) throw new Error(`registration failed: ${added.statusCode} ${added.body}`);
  return { key, ...(added.json().data as { credential: { id: string; name: string; createdAt: number; lastUsedAt: number | null }; recoveryCodes: string[] | null }) };
}

export function loginKeyOptions(t: TestApp, mfaToken: string) {
  return t.app.inject({ method: 'POST', url: '/api/login/mfa/webauthn/options', payload: { mfaToken } });
}

export function loginWithKey(t: TestApp, mfaToken: string, response: object, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/login/mfa/webauthn', payload: { mfaToken, response }, remoteAddress });
}
