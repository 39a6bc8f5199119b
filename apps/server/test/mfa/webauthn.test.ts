import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MFA_MESSAGES, RECOVERY_CODE_COUNT, WEBAUTHN_MESSAGES } from '@replay/contracts';
import { userWebauthnCredentials } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, freshAddress, login, refreshCookieOf, signup } from '../support/auth';
import { auditRowsOf } from '../support/team';
import { codeOf, loginKeyOptions, loginWithKey, registerKey, softAuthenticatorFor } from './support';

/** Issue 18, point 4: passkeys and security keys (WebAuthn) as a second factor, checked with a software authenticator. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (jwt: string) => (await t.app.inject({ method: 'GET', url: '/api/account/mfa/webauthn', headers: bearer(jwt) })).json().data.credentials;
const status = async (jwt: string) => (await t.app.inject({ method: 'GET', url: '/api/account/mfa', headers: bearer(jwt) })).json().data;
const registrationOptions = (jwt: string) => t.app.inject({ method: 'POST', url: '/api/account/mfa/webauthn/registration-options', headers: bearer(jwt) });
const add = (jwt: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/account/mfa/webauthn', headers: bearer(jwt), payload });

async function challengeOf(email: string, password: string, ip = freshAddress()) {
  const res = await login(t, email, password, ip);
  expect(res.statusCode).toBe(200);
  return res.json().data as { mfaRequired: true; mfaToken: string; passkey?: true };
}

describe('registering a passkey or security key', () => {
  it('verifies the new credential against this session’s challenge, keeps its public key and count, and answers the recovery codes of a first factor', async () => {
    const owner = await signup(t);
    expect(await list(owner.jwt)).toEqual([]);
    const { key, credential, recoveryCodes } = await registerKey(t, owner, undefined, 'YubiKey 5');
    expect(credential).toEqual({ id: expect.any(String), name: 'YubiKey 5', createdAt: expect.any(Number), lastUsedAt: null });
    expect(credential.createdAt).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await list(owner.jwt)).toEqual([credential]);
    expect(await status(owner.jwt)).toEqual({ totp: false, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    const [row] = await t.runtime.ctx.db.select().from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, owner.user.userId));
    expect(row).toMatchObject({ credentialId: key.id, counter: 0, transports: ['usb'], name: 'YubiKey 5' });

    // A second key: no new recovery codes (the member has them), and the first is excluded from the options.
    const second = await registerKey(t, owner, softAuthenticatorFor(t), 'Laptop');
    expect(second.recoveryCodes).toBeNull();
    const options = (await registrationOptions(owner.jwt)).json().data;
    expect(options.excludeCredentials.map((c: { id: string }) => c.id).sort()).toEqual([key.id, second.key.id].sort());
    expect(options.rp).toEqual({ name: 'Replay', id: 'localhost' });

    const actions = (await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['Start passkey set-up', 'Add a passkey or security key']));
  });

  it('refuses a response to another challenge, a challenge used twice, another origin, and a key registered already', async () => {
    const owner = await signup(t);
    const key = softAuthenticatorFor(t);
    const options = (await registrationOptions(owner.jwt)).json().data;
    const wrong = await add(owner.jwt, { name: 'Key', response: key.register(options, { challenge: Buffer.from('not-the-challenge').toString('base64url') }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([WEBAUTHN_MESSAGES.notVerified]);

    const fresh = (await registrationOptions(owner.jwt)).json().data;
    const elsewhere = await add(owner.jwt, { name: 'Key', response: key.register(fresh, { origin: 'https://phish.example' }) });
    expect(elsewhere.statusCode).toBe(400);
    // The challenge went with the failed try: the right response cannot use it now.
    expect((await add(owner.jwt, { name: 'Key', response: key.register(fresh) })).statusCode).toBe(400);

    const good = (await registrationOptions(owner.jwt)).json().data;
    const response = key.register(good);
    expect((await add(owner.jwt, { name: 'Key', response })).statusCode).toBe(200);
    expect((await add(owner.jwt, { name: 'Key', response })).statusCode).toBe(400);
    const again = await add(owner.jwt, { name: 'Same key', response: key.register((await registrationOptions(owner.jwt)).json().data) });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([WEBAUTHN_MESSAGES.alreadyRegistered]);
    expect(await list(owner.jwt)).toHaveLength(1);
  });

  it('refuses a challenge handed to another session of the same member', async () => {
    const owner = await signup(t);
    const other = (await login(t, owner.email, owner.password, freshAddress())).json().data.jwt as string;
    const options = (await registrationOptions(owner.jwt)).json().data;
    expect((await add(other, { name: 'Key', response: softAuthenticatorFor(t).register(options) })).statusCode).toBe(400);
  });

  it('asks for a fresh proof to start a registration and to remove a key; another member’s key is not found', async () => {
    const owner = await signup(t);
    const stranger = await signup(t);
    const { credential } = await registerKey(t, owner);
    const theirs = await registerKey(t, stranger);
    t.clock.advance(5 * 60_000 + 1);
    expect((await registrationOptions(owner.jwt)).json().code).toBe('fresh_proof_required');
    const remove = (jwt: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/account/mfa/webauthn/${id}`, headers: bearer(jwt) });
    expect((await remove(owner.jwt, credential.id)).json().code).toBe('fresh_proof_required');
    await t.app.inject({ method: 'POST', url: '/api/account/reauth', headers: bearer(owner.jwt), payload: { password: owner.password }, remoteAddress: freshAddress() });
    expect((await remove(owner.jwt, theirs.credential.id)).statusCode).toBe(404);
    expect(await list(stranger.jwt)).toHaveLength(1);

    const removed = await remove(owner.jwt, credential.id);
    expect(removed.statusCode).toBe(200);
    // The last second factor gone: the recovery codes go with it, and the sign-in is one step again.
    expect(await status(owner.jwt)).toEqual({ totp: false, recoveryCodesLeft: 0 });
    expect((await login(t, owner.email, owner.password, freshAddress())).json().data.jwt).toEqual(expect.any(String));
    expect((await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action)).toContain('Remove a passkey or security key');
  });
});

describe('signing in with a passkey or security key', () => {
  it('offers the key after the password, and signs in with a fresh assertion once', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    const ip = freshAddress();
    const challenge = await challengeOf(owner.email, owner.password, ip);
    expect(challenge).toEqual({ mfaRequired: true, mfaToken: expect.any(String), passkey: true });

    const options = await loginKeyOptions(t, challenge.mfaToken);
    expect(options.statusCode).toBe(200);
    expect(options.json().data.allowCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['usb'] }]);
    expect(options.json().data.rpId).toBe('localhost');
    const response = key.assert(options.json().data);
    const done = await loginWithKey(t, challenge.mfaToken, response, ip);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user.userId).toBe(owner.user.userId);
    expect(refreshCookieOf(done)).toEqual(expect.any(String));
    const [row] = await t.runtime.ctx.db.select().from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, owner.user.userId));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) });
    expect((await list(done.json().data.jwt))[0].lastUsedAt).toBe(row!.lastUsedAt!.getTime());

    // The sign-in is spent; the same assertion on a new sign-in brings a spent challenge.
    expect((await loginWithKey(t, challenge.mfaToken, response, ip)).json().errors).toEqual([MFA_MESSAGES.challengeExpired]);
    const next = await challengeOf(owner.email, owner.password, ip);
    await loginKeyOptions(t, next.mfaToken);
    const replay = await loginWithKey(t, next.mfaToken, response, ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors).toEqual([WEBAUTHN_MESSAGES.notVerified]);
    const trail = (await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action);
    expect(trail).toEqual(expect.arrayContaining(['Log in: passkey challenge', 'Log in: second step with a passkey']));
  });

  it('refuses a signature count that did not grow (a cloned authenticator), then takes the next one', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    const ip = freshAddress();
    const first = await challengeOf(owner.email, owner.password, ip);
    expect((await loginWithKey(t, first.mfaToken, key.assert((await loginKeyOptions(t, first.mfaToken)).json().data, { counter: 7 }), ip)).statusCode).toBe(200);

    const second = await challengeOf(owner.email, owner.password, ip);
    const cloned = await loginWithKey(t, second.mfaToken, key.assert((await loginKeyOptions(t, second.mfaToken)).json().data, { counter: 7 }), ip);
    expect(cloned.statusCode).toBe(401);
    const lower = await loginWithKey(t, second.mfaToken, key.assert((await loginKeyOptions(t, second.mfaToken)).json().data, { counter: 3 }), ip);
    expect(lower.statusCode).toBe(401);
    const [row] = await t.runtime.ctx.db.select().from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, owner.user.userId));
    expect(row!.counter).toBe(7);
    expect((await loginWithKey(t, second.mfaToken, key.assert((await loginKeyOptions(t, second.mfaToken)).json().data, { counter: 8 }), ip)).statusCode).toBe(200);
  });

  it('refuses a wrong challenge, another origin, and another member’s key', async () => {
    const owner = await signup(t);
    const stranger = await signup(t);
    const { key } = await registerKey(t, owner);
    const theirs = await registerKey(t, stranger);
    const ip = freshAddress();
    const challenge = await challengeOf(owner.email, owner.password, ip);
    const options = (await loginKeyOptions(t, challenge.mfaToken)).json().data;
    const made = Buffer.from('made-up-challenge-made-up-challenge').toString('base64url');
    expect((await loginWithKey(t, challenge.mfaToken, key.assert(options, { challenge: made }), ip)).statusCode).toBe(401);
    const other = (await loginKeyOptions(t, challenge.mfaToken)).json().data;
    expect((await loginWithKey(t, challenge.mfaToken, key.assert(other, { origin: 'https://phish.example' }), ip)).statusCode).toBe(401);
    // The stranger's own key, signing this sign-in's live challenge: not the owner's key, so nothing.
    const live = (await loginKeyOptions(t, challenge.mfaToken)).json().data;
    expect((await loginWithKey(t, challenge.mfaToken, theirs.key.assert(live), ip)).statusCode).toBe(401);
    // A challenge of another sign-in (the stranger's) does not open this one.
    const theirChallenge = await challengeOf(stranger.email, stranger.password, freshAddress());
    const theirOptions = (await loginKeyOptions(t, theirChallenge.mfaToken)).json().data;
    expect((await loginWithKey(t, challenge.mfaToken, key.assert(theirOptions), freshAddress())).statusCode).toBe(401);
  });

  it('throttles assertions with the codes’ counters, and records the failures in the member’s trail', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    const ip = freshAddress();
    const challenge = await challengeOf(owner.email, owner.password, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const options = (await loginKeyOptions(t, challenge.mfaToken)).json().data;
      statuses.push((await loginWithKey(t, challenge.mfaToken, key.assert(options, { origin: 'https://phish.example' }), ip)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The fifth failure ended that sign-in (issue 42); a new one from the address waits for the window, the right key included.
    expect((await loginKeyOptions(t, challenge.mfaToken)).statusCode).toBe(401);
    const again = await challengeOf(owner.email, owner.password, ip);
    const options = (await loginKeyOptions(t, again.mfaToken)).json().data;
    expect((await loginWithKey(t, again.mfaToken, key.assert(options), ip)).statusCode).toBe(429);
    const failures = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Log in: second step with a passkey');
    expect(failures.length).toBeGreaterThanOrEqual(5);
  });

  it('answers 401 for a token that names no sign-in, and 409 for a member without a key', async () => {
    expect((await loginKeyOptions(t, 'no-such-token')).statusCode).toBe(401);
    const owner = await signup(t);
    const { enrolTotp } = await import('./support');
    await enrolTotp(t, owner);
    const challenge = await challengeOf(owner.email, owner.password);
    expect(challenge.passkey).toBeUndefined();
    const none = await loginKeyOptions(t, challenge.mfaToken);
    expect(none.statusCode).toBe(409);
    expect(none.json().errors).toEqual([WEBAUTHN_MESSAGES.noPasskey]);
  });
});

describe('a passkey as the only second factor', () => {
  it('satisfies the account’s rule, keeps the recovery codes when the app is added and removed later, and the code still signs in', async () => {
    const owner = await signup(t);
    const put = (required: boolean) => t.app.inject({ method: 'PUT', url: '/api/client/mfa-policy', headers: bearer(owner.jwt), payload: { required } });
    expect((await put(true)).statusCode).toBe(409);
    const { recoveryCodes } = await registerKey(t, owner);
    expect((await put(true)).statusCode).toBe(200);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) });
    expect(account.json().data.mfaEnrolmentRequired).toBe(false);

    // The app added next: the recovery codes the key came with stay the ones that work.
    const start = await t.app.inject({ method: 'POST', url: '/api/account/mfa/totp', headers: bearer(owner.jwt) });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/account/mfa/totp/verify',
      headers: bearer(owner.jwt),
      payload: { code: await codeOf(t, start.json().data.secret) },
    });
    expect(verify.json().data).toEqual({ recoveryCodes: [] });
    // Turning the app off leaves the key, and with it the recovery codes.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/mfa/totp', headers: bearer(owner.jwt) })).statusCode).toBe(200);
    expect(await status(owner.jwt)).toEqual({ totp: false, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    const ip = freshAddress();
    const challenge = await challengeOf(owner.email, owner.password, ip);
    const done = await t.app.inject({ method: 'POST', url: '/api/login/mfa', payload: { mfaToken: challenge.mfaToken, code: recoveryCodes![0] }, remoteAddress: ip });
    expect(done.statusCode).toBe(200);
  });
});
