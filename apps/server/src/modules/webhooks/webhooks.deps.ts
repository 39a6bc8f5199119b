import type { Db } from '../../db/client';
import type { SealKey } from '../../lib/seal';
import type { HostResolver } from '../../lib/ssrf-guard';
import type { Clock } from '../../lib/time';

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  sealKey: SealKey;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS. */
  allowPrivate: boolean;
  resolve: HostResolver;
  /** The console's public address: Slack, Teams and PagerDuty messages link into it. */
  publicUrl: string;
}
