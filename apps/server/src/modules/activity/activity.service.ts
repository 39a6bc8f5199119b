import { canOpenScreen, WEBHOOK_EVENT_FAMILIES, type ConsoleActivity } from '@replay/contracts';
import type { Db } from '../../db/client';
import { instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { activityRepo } from './activity.repo';

/**
 * The event types whose lines `p` may not read: those of a family whose screen their role
 * cannot open (the team's lines name members and their emails), by the table that says which
 * events a role may see at all (contracts' WEBHOOK_EVENT_FAMILIES, as webhooks are judged).
 * The instances family is the Activity screen's own subject: its lines are judged by the
 * instance scope alone, as a summary sentence of what happened to an instance in reach.
 */
const closedFamilyPrefixes = (p: Principal): string[] => WEBHOOK_EVENT_FAMILIES.filter((f) => f.key !== 'instances' && !canOpenScreen(p.permissions, f.screen)).flatMap((f) => [...f.prefixes]);

/** The Activity screen: a member scoped to some instances sees only those instances' events, and team lines need the team permission. */
export function createActivityService(deps: { db: Db }) {
  const repo = activityRepo(deps.db);
  return {
    async list(p: Principal, q: { page: number; limit: number; query?: string }): Promise<{ activities: ConsoleActivity[]; total: number }> {
      const { rows, total } = await repo.page(instanceScopeOf(p), { ...q, hiddenPrefixes: closedFamilyPrefixes(p) });
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
