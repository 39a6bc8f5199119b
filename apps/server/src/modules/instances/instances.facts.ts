import type { Db } from '../../db/client';
import { instancesRepo } from './instances.repo';

/** What other modules may ask about an account's instances, without reaching into this module's repo. */
export function countLiveInstances(db: Db, tenantId: string): Promise<number> {
  return instancesRepo(db).countLive(tenantId);
}
