import type { ConsoleActivity } from '@replay/contracts';
import type { Db } from '../../db/client';
import { instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { activityRepo } from './activity.repo';

/** The Activity screen: a member scoped to some instances sees only those instances' events. */
export function createActivityService(deps: { db: Db }) {
  const repo = activityRepo(deps.db);
  return {
    async list(p: Principal, q: { page: number; limit: number; query?: string }): Promise<{ activities: ConsoleActivity[]; total: number }> {
      const { rows, total } = await repo.page(instanceScopeOf(p), q);
      return {
        activities: rows.map((r) => ({
          activityId: r.id,
          action: r.action,
          message: r.message,
          instanceName: r.instanceName,
          userName: r.userName,
          timestamp: r.createdAt.getTime(),
        })),
        total,
      };
    },
  };
}
