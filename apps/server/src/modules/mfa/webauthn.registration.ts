import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { MAX_WEBAUTHN_CREDENTIALS, WEBAUTHN_MESSAGES, type AddWebauthnInput, type WebauthnOptions } from '@replay/contracts';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { MFA_CHALLENGE_TTL_MS } from './mfa.service';
import { webauthnRepo } from './webauthn.repo';
import { asTransports, credentialView, type CredentialRow, type WebauthnDeps } from './webauthn.rp';

/** Options for the browser to make a new credential; the challenge is this session's, for 5 minutes. */
export async function registrationOptionsFor(deps: WebauthnDeps, p: Principal, expiresAt: Date): Promise<WebauthnOptions> {
  const repo = webauthnRepo(deps.db);
  if (!p.sessionId) throw forbidden();
  const existing = await repo.credentialsOf(p.userId);
  if (existing.length >= MAX_WEBAUTHN_CREDENTIALS) throw conflict(WEBAUTHN_MESSAGES.tooMany);
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: p.email,
    userDisplayName: p.name,
    // The member's id (not their email): the authenticator keeps it as the user handle.
    userID: isoUint8Array.fromUTF8String(p.userId),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: asTransports(c.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: MFA_CHALLENGE_TTL_MS,
  });
  await repo.insertChallenge({ id: newId(), userId: p.userId, purpose: 'registration', boundTo: p.sessionId, challenge: options.challenge, expiresAt });
  return options as unknown as WebauthnOptions;
}

/** Verifies the browser's new credential against this session's challenge and keeps it; the recovery codes if it is the first factor. */
export async function addCredential(deps: WebauthnDeps, p: Principal, input: AddWebauthnInput) {
  const repo = webauthnRepo(deps.db);
  if (!p.sessionId) throw forbidden();
  const sessionId = p.sessionId;
  const now = deps.clock.now();
  let registrationInfo;
  try {
    const result = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: (challenge) => repo.spendChallenge(p.userId, 'registration', sessionId, challenge, now),
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      requireUserVerification: false,
    });
    registrationInfo = result.verified ? result.registrationInfo : undefined;
  } catch {
    registrationInfo = undefined;
  }
  if (!registrationInfo) throw badRequest(WEBAUTHN_MESSAGES.notVerified);
  if ((await repo.countOf(p.userId)) >= MAX_WEBAUTHN_CREDENTIALS) throw conflict(WEBAUTHN_MESSAGES.tooMany);
  const { credential } = registrationInfo;
  let row: CredentialRow;
  try {
    row = await repo.insertCredential({
      id: newId(),
      userId: p.userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? input.response.response.transports ?? [],
      name: input.name.trim(),
      createdAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(WEBAUTHN_MESSAGES.alreadyRegistered);
    throw err;
  }
  return { credential: credentialView(row), recoveryCodes: await deps.mfa.issueRecoveryCodesIfNone(p.userId) };
}
