import type { Db } from '../../db/client';
import type { PaymentProvider } from './payment-provider.door';
import type { Clock } from '../../lib/time';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
}
