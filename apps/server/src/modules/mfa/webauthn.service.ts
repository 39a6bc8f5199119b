import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { MFA_MESSAGES, WEBAUTHN_MESSAGES, type AddWebauthnInput, type WebauthnCredential, type WebauthnOptions } from '@replay/contracts';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { hashToken, newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { knownUser, secondFactorThrottle } from './attempt-throttle';
import { signInStep } from './sign-in-step';
import { MFA_CHALLENGE_TTL_MS } from './mfa.service';
import { mfaRepo } from './mfa.repo';
import { webauthnRepo, type WebauthnPurpose } from './webauthn.repo';
import { addCredential, registrationOptionsFor } from './webauthn.registration';
import { asTransports, credentialView, type WebauthnDeps } from './webauthn.rp';

export { relyingPartyOf, type RelyingParty, type WebauthnDeps } from './webauthn.rp';

/**
 * Passkeys and security keys as a second factor. User verification is preferred, not required:
 * the password was the first factor, and a key without a PIN still proves possession. Every
 * challenge is single-use, bound to one session or sign-in, and lives 5 minutes; a signature
 * count that does not grow (a cloned authenticator) is refused.
 */
export function createWebauthnService(deps: WebauthnDeps) {
  const repo = webauthnRepo(deps.db);
  const signIns = mfaRepo(deps.db);
  const throttled = secondFactorThrottle(deps);
  const completeSignIn = signInStep(deps);
  const expiresAt = () => new Date(deps.clock.now().getTime() + MFA_CHALLENGE_TTL_MS);

  /** Checks an assertion against the member's own key and the challenge of `boundTo` for `purpose`; records the use. */
  async function acceptAssertion(userId: string, purpose: WebauthnPurpose, boundTo: string, response: AuthenticationResponseJSON): Promise<boolean> {
    const credential = await repo.credentialOf(userId, response.id);
    if (!credential) return false;
    const now = deps.clock.now();
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        // The challenge is spent as it is checked: right or wrong after that, it opens nothing again.
        expectedChallenge: (challenge) => repo.spendChallenge(userId, purpose, boundTo, challenge, now),
        expectedOrigin: deps.rp.origin,
        expectedRPID: deps.rp.id,
        credential: { id: credential.credentialId, publicKey: isoBase64URL.toBuffer(credential.publicKey), counter: credential.counter, transports: asTransports(credential.transports) },
        requireUserVerification: false,
      });
      return verified && (await repo.recordUse(credential.id, credential.counter, authenticationInfo.newCounter, now));
    } catch {
      // A malformed response, another origin, a wrong signature, a count that did not grow.
      return false;
    }
  }

  /** Authentication options listing the member's keys; the challenge is kept for `purpose` and `boundTo` until `until`. */
  async function assertionOptions(userId: string, purpose: WebauthnPurpose, boundTo: string, until: Date): Promise<WebauthnOptions> {
    const credentials = await repo.credentialsOf(userId);
    if (!credentials.length) throw conflict(WEBAUTHN_MESSAGES.noPasskey);
    const options = await generateAuthenticationOptions({
      rpID: deps.rp.id,
      allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: asTransports(c.transports) })),
      userVerification: 'preferred',
      timeout: MFA_CHALLENGE_TTL_MS,
    });
    await repo.insertChallenge({ id: newId(), userId, purpose, boundTo, challenge: options.challenge, expiresAt: until });
    return options as unknown as WebauthnOptions;
  }

  return {
    async list(p: Principal): Promise<{ credentials: WebauthnCredential[] }> {
      return { credentials: (await repo.credentialsOf(p.userId)).map(credentialView) };
    },

    /** Options for the browser to make a new credential; the challenge is this session's, for 5 minutes. */
    registrationOptions: (p: Principal) => registrationOptionsFor(deps, p, expiresAt()),

    /** Verifies the browser's new credential against this session's challenge and keeps it; the recovery codes if it is the first factor. */
    add: (p: Principal, input: AddWebauthnInput) => addCredential(deps, p, input),

    async remove(p: Principal, id: string): Promise<void> {
      if (!(await repo.remove(p.userId, id))) throw notFound(WEBAUTHN_MESSAGES.credentialNotFound);
    },

    /** Options for the second step of a sign-in: a challenge bound to that sign-in, listing the member's keys. */
    async loginOptions(mfaToken: string): Promise<WebauthnOptions> {
      const challenge = await signIns.liveChallenge(hashToken(mfaToken), deps.clock.now());
      if (!challenge) throw unauthorized(MFA_MESSAGES.challengeExpired);
      return assertionOptions(challenge.userId, 'sign-in', challenge.id, challenge.expiresAt);
    },

    /** Options for a fresh proof of identity with a key: a challenge bound to this session, for 5 minutes. */
    async reauthOptions(p: Principal): Promise<WebauthnOptions> {
      if (!p.sessionId) throw forbidden();
      return assertionOptions(p.userId, 'reauth', p.sessionId, expiresAt());
    },

    /** A fresh proof with a key: this session's challenge, one of the member's own keys; throttled as codes are (one budget). */
    async proveWithKey(p: Principal, response: AuthenticationResponseJSON, ip: string): Promise<boolean> {
      const sessionId = p.sessionId;
      if (!sessionId) return false;
      return (await throttled(ip, knownUser(p.userId), async (userId) => ((await acceptAssertion(userId, 'reauth', sessionId, response)) ? true : null))) === true;
    },

    /** The second step with a key: throttled as codes are (one budget), then signs the member in once. */
    async completeLogin(mfaToken: string, response: AuthenticationResponseJSON, ip: string): Promise<Principal> {
      return completeSignIn(mfaToken, ip, (step) => acceptAssertion(step.userId, 'sign-in', step.id, response), WEBAUTHN_MESSAGES.notVerified);
    },
  };
}

export type WebauthnService = ReturnType<typeof createWebauthnService>;
