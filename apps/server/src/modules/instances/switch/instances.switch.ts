import { and, eq } from 'drizzle-orm';
import { INSTANCE_MESSAGES, SIZES, SWITCH_MESSAGES, switchCostsMore, switchRefusal, type Instance, type InstanceSize } from '@replay/contracts';
import type { Database } from '../../../db/client';
import { instances } from '../../../db/schema';
import { AppError, badRequest, conflict } from '../../../lib/errors';
import type { Principal } from '../../../lib/principal';
import type { Enqueue } from '../workflow/instances.jobs';
import { acceptMemberChange, accountMayPayMore, assertBudgetAllowsGrowth } from '../core/instances.accept-change.door';
import type { InstancesService } from '../core/instances.service';
import type { Clock } from '../../../lib/time';

export interface SwitchDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
  hasBillingDetails(tenantId: string): Promise<boolean>;
}

/** Switch Instance (spec sections 4 and 7): the request; the workflow's switch step (instances.switch-step.ts) does the rest. */
export function createSwitchService(deps: SwitchDeps) {
  const mayPay = (tenantId: string) => accountMayPayMore(deps, tenantId);

  return {
    /**
     * Starts switching the instance to `size` (spec section 4: status
     * `upgrading`), only while `canSwitchInstance`. A larger, dearer type
     * needs an account that may pay (402, as the disk upgrade). The status,
     * the type it moves to and the pending `scaleUp` record are one
     * compare-and-set, so of two requests at once one wins and the other is
     * refused.
     */
    async switchType(p: Principal, instanceId: string, size: InstanceSize): Promise<Instance> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      if (row.size === size) throw badRequest(SWITCH_MESSAGES.sameType(size));
      const refusal = switchRefusal(row);
      if (refusal) throw conflict(refusal);
      if (switchCostsMore(row.size, size) && !(await mayPay(p.tenantId))) throw new AppError('billing_required', [SWITCH_MESSAGES.billingRequired]);
      // A switch to a smaller size lowers the spend: the budget's hard stop never refuses it.
      if (switchCostsMore(row.size, size)) await assertBudgetAllowsGrowth(deps.database.db, p.tenantId, deps.clock.now());
      return acceptMemberChange(deps, p, instanceId, {
        from: 'running',
        change: { status: 'upgrading', inProgress: true, pendingSize: size },
        stillHolds: and(eq(instances.inProgress, false), eq(instances.storageInProgress, false), eq(instances.size, row.size)),
        record: {
          action: 'scaleUp',
          status: 'pending',
          comments: `Switch from ${SIZES[row.size].label} to ${SIZES[size].label} requested`,
          event: { type: 'instance.switching', fromSize: row.size, toSize: size },
        },
        busy: SWITCH_MESSAGES.busy,
      });
    },
  };
}

export type SwitchService = ReturnType<typeof createSwitchService>;
