import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { SessionService } from '../auth/session.service';
import type { SealKey } from './invitation-token';
import type { Clock } from '../../lib/time';

export interface MemberCommand {
  name: string;
  email: string;
  admin: boolean;
  roleId: string;
}

export interface MembersDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sealKey: SealKey;
  publicUrl: string;
  productName: string;
  sessions: Pick<SessionService, 'revokeAllFor'>;
  /** Whether the account has billing details (billing's): its seat limit depends on it (ACCOUNT_LIMITS). */
  hasBillingDetails(tenantId: string): Promise<boolean>;
}
