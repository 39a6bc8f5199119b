import type { AuthenticatorTransportFuture } from '@simplewebauthn/server';
import type { WebauthnCredential } from '@replay/contracts';
import type { Db } from '../../db/client';
import type { userWebauthnCredentials } from '../../db/schema';
import type { MfaService } from './mfa.service';
import type { Clock } from '../../lib/time';

/**
 * The relying party: the console's configured public address (PUBLIC_URL). Its host name is
 * the RP id a credential is scoped to, its origin the only one whose responses are accepted
 * (docs/decisions/identity.md): moving the console to another host name orphans the keys.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export const relyingPartyOf = (publicUrl: string, productName: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: productName };
};

export interface WebauthnDeps {
  db: Db;
  clock: Clock;
  rp: RelyingParty;
  mfa: Pick<MfaService, 'issueRecoveryCodesIfNone'>;
}

export type CredentialRow = typeof userWebauthnCredentials.$inferSelect;

export const asTransports = (t: string[]) => t as AuthenticatorTransportFuture[];

export const credentialView = (row: CredentialRow): WebauthnCredential => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
});
