import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WEBAUTHN_MESSAGES } from '@replay/contracts';
import { sessions, userWebauthnCredentials } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, freshAddress, signup, type SignedIn } from '../support/auth';
import { auditRowsOf, tokenFor } from '../support/team';
import { registerKey } from './support';

/** A passkey or security key as a third way to give the fresh proof of identity (POST /account/reauth). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIVE_MINUTES = 5 * 60_000;
const reauthOptions = (jwt: string) => t.app.inject({ method: 'POST', url: '/api/account/reauth/webauthn-options', headers: bearer(jwt) });
const reauth = (jwt: string, payload: object, remoteAddress = freshAddress()) => t.app.inject({ method: 'POST', url: '/api/account/reauth', headers: bearer(jwt), payload, remoteAddress });
/** A call that needs a fresh proof: answers 200 only to a session proven in the last 5 minutes. */
const needsProof = (jwt: string) => t.app.inject({ method: 'POST', url: '/api/account/mfa/webauthn/registration-options', headers: bearer(jwt) });
const optionsOf = async (jwt: string) => {
  const res = await reauthOptions(jwt);
  expect(res.statusCode).toBe(200);
  return res.json().data as { challenge: string; allowCredentials: { id: string }[]; rpId: string };
};
const provenAtOf = async (member: SignedIn) =>
  (await t.runtime.ctx.db.select({ provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.userId, member.user.userId))).map((r) => r.provenAt?.getTime() ?? null);

describe('confirming it is you with a passkey or security key', () => {
  it('hands out a challenge listing the member’s keys, then marks this session proven with the key’s answer, once', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    t.clock.advance(FIVE_MINUTES + 1);
    expect((await needsProof(owner.jwt)).json().code).toBe('fresh_proof_required');

    const options = await optionsOf(owner.jwt);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    expect(options.rpId).toBe('localhost');
    const response = key.assert(options);
    const asked = t.clock.now().getTime();
    const proven = await reauth(owner.jwt, { webauthn: response });
    expect(proven.statusCode).toBe(200);
    const [provenAt] = await provenAtOf(owner);
    expect(provenAt).toBeGreaterThanOrEqual(asked);
    expect(proven.json().data).toEqual({ provenUntil: provenAt! + FIVE_MINUTES });
    expect((await needsProof(owner.jwt)).statusCode).toBe(200);
    const [row] = await t.runtime.ctx.db.select().from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, owner.user.userId));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) });

    // The challenge is spent: the same answer again proves nothing.
    const again = await reauth(owner.jwt, { webauthn: response });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([WEBAUTHN_MESSAGES.notVerified]);
    const trail = (await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action);
    expect(trail).toEqual(expect.arrayContaining(['Confirm identity: passkey challenge', 'Confirm identity']));
  });

  it('refuses an answer to another challenge, and a challenge past its 5 minutes', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    t.clock.advance(FIVE_MINUTES + 1);
    const options = await optionsOf(owner.jwt);
    const wrong = await reauth(owner.jwt, { webauthn: key.assert(options, { challenge: Buffer.from('not-the-challenge').toString('base64url') }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([WEBAUTHN_MESSAGES.notVerified]);

    const late = await optionsOf(owner.jwt);
    t.clock.advance(FIVE_MINUTES + 1);
    expect((await reauth(owner.jwt, { webauthn: key.assert(late) })).statusCode).toBe(400);
    expect((await needsProof(owner.jwt)).json().code).toBe('fresh_proof_required');
  });

  it('refuses a challenge handed to another session of the same member, and proves nothing there', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    // Another session of the member's, opened after the key (adding a factor ends the sessions before it).
    const other = await tokenFor(t, { userId: owner.user.userId, tenantId: owner.user.tenantId });
    t.clock.advance(FIVE_MINUTES + 1);
    const options = await optionsOf(owner.jwt);
    const elsewhere = await reauth(other, { webauthn: key.assert(options) });
    expect(elsewhere.statusCode).toBe(400);
    expect((await needsProof(other)).json().code).toBe('fresh_proof_required');
    expect((await needsProof(owner.jwt)).json().code).toBe('fresh_proof_required');
  });

  it('refuses another member’s key, and answers 409 to a member without a key', async () => {
    const owner = await signup(t);
    const stranger = await signup(t);
    await registerKey(t, owner);
    const theirs = await registerKey(t, stranger);
    t.clock.advance(FIVE_MINUTES + 1);
    const options = await optionsOf(owner.jwt);
    const borrowed = await reauth(owner.jwt, { webauthn: theirs.key.assert(options) });
    expect(borrowed.statusCode).toBe(400);
    expect((await needsProof(owner.jwt)).json().code).toBe('fresh_proof_required');

    const keyless = await signup(t);
    const none = await reauthOptions(keyless.jwt);
    expect(none.statusCode).toBe(409);
    expect(none.json().errors).toEqual([WEBAUTHN_MESSAGES.noPasskey]);
  });

  it('refuses a signature count that did not grow (a cloned authenticator)', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    expect((await reauth(owner.jwt, { webauthn: key.assert(await optionsOf(owner.jwt), { counter: 7 }) })).statusCode).toBe(200);
    t.clock.advance(FIVE_MINUTES + 1);
    const replayed = await reauth(owner.jwt, { webauthn: key.assert(await optionsOf(owner.jwt), { counter: 7 }) });
    expect(replayed.statusCode).toBe(400);
    expect((await needsProof(owner.jwt)).json().code).toBe('fresh_proof_required');
    const [row] = await t.runtime.ctx.db.select().from(userWebauthnCredentials).where(eq(userWebauthnCredentials.userId, owner.user.userId));
    expect(row!.counter).toBe(7);
  });

  it('shares the codes’ throttle: wrong codes use up the budget a key then meets, and failures are in the trail', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    t.clock.advance(FIVE_MINUTES + 1);
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await reauth(owner.jwt, { code: '000000' }, ip)).statusCode);
    for (let i = 0; i < 2; i += 1) statuses.push((await reauth(owner.jwt, { webauthn: key.assert(await optionsOf(owner.jwt), { origin: 'https://phish.example' }) }, ip)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const throttled = await reauth(owner.jwt, { webauthn: key.assert(await optionsOf(owner.jwt)) }, ip);
    expect(throttled.statusCode).toBe(429);
    expect((await needsProof(owner.jwt)).json().code).toBe('fresh_proof_required');
    const failures = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Confirm identity');
    expect(failures.length).toBeGreaterThanOrEqual(6);
  });

  it('takes exactly one proof: a passkey’s answer beside a password is a 400', async () => {
    const owner = await signup(t);
    const { key } = await registerKey(t, owner);
    const both = await reauth(owner.jwt, { password: owner.password, webauthn: key.assert(await optionsOf(owner.jwt)) });
    expect(both.statusCode).toBe(400);
    expect((await reauth(owner.jwt, {})).statusCode).toBe(400);
  });
});
