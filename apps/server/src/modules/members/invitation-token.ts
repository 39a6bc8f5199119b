import { DAY_MS, INVITATION_LIFETIME_DAYS, routes } from '@replay/contracts';
import { hashToken, newSecretToken } from '../../lib/ids';
import { deriveSealKey, seal, type SealKey } from '../../lib/seal';

export { openSealed, type SealKey } from '../../lib/seal';

/**
 * Invitation links: a token of 256 random bits, single use, bound to the
 * invited member's row (hence to their email), working for
 * INVITATION_LIFETIME_DAYS (7 days, a week like the trial: long enough to
 * reach someone who is away, short enough that a forgotten mail goes stale).
 *
 * The token is stored twice: as its SHA-256 hash, to find the invitation when
 * the link is opened, and sealed with AES-256-GCM, so an admin can copy the
 * link again from the Team screen. The seal (lib/seal.ts) has its own key
 * derived from the token-signing secret and the member id as associated
 * data; rotating that secret retires every copyable link.
 */
export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY_MS;

export function invitationSealKey(jwtSecret: Uint8Array): SealKey {
  return deriveSealKey(jwtSecret, 'invitation-link-seal-v1');
}

export interface IssuedInvitation {
  token: string;
  tokenHash: string;
  sealed: string;
  expiresAt: Date;
}

/** A fresh token for one member; the sealed copy opens only for that member's id. */
export function issueInvitation(key: SealKey, userId: string, now: Date): IssuedInvitation {
  const token = newSecretToken();
  return {
    token,
    tokenHash: hashToken(token),
    sealed: seal(key, token, userId),
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
  };
}

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${routes.invitation({ query: { token } })}`;
}
