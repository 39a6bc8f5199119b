import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { DAY_MS, INVITATION_LIFETIME_DAYS, routes } from '@replay/contracts';
import { hashToken, newSecretToken } from '../../lib/ids';

/**
 * Invitation links: a token of 256 random bits, single use, bound to the
 * invited member's row (hence to their email), working for
 * INVITATION_LIFETIME_DAYS (7 days, a week like the trial: long enough to
 * reach someone who is away, short enough that a forgotten mail goes stale).
 *
 * The token is stored twice: as its SHA-256 hash, to find the invitation when
 * the link is opened, and sealed with AES-256-GCM, so an admin can copy the
 * link again from the Team screen. The sealing key is derived from the
 * token-signing secret with HKDF-SHA256 under its own label, so it is never
 * the signing key itself, and rotating that secret retires every copyable link.
 */
export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY_MS;

export type SealKey = Buffer;

export function invitationSealKey(jwtSecret: Uint8Array): SealKey {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'replay-console', 'invitation-link-seal-v1', 32));
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

function seal(key: SealKey, token: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The member id as associated data: a sealed value copied onto another row does not open.
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The token again, or null when the value was not sealed with this key for this member. */
export function openSealed(key: SealKey, sealed: string, userId: string): string | null {
  const [iv, body, tag] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${routes.invitation({ query: { token } })}`;
}
