import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import type { PaymentProvider } from './payment-provider.door';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
}
