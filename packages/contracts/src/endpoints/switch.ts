import { instanceIdParamsSchema, instanceSchema } from '../instances/instances';
import { switchInstanceBodySchema } from '../instances/switch';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

/**
 * Switch Instance (spec section 7's `instance-upgrade`): a change under the
 * permission disk upgrades, start, stop and terminate use, recorded in the
 * audit trail with its instance. It answers the instance as it now is
 * (status `upgrading`); the workflow finishes the switch.
 */
export const switchEndpoints = {
  switchInstance: endpoint({
    method: 'POST',
    path: '/managed-saas/instances/:id/instance-upgrade',
    guard: guardFor('instancesEdit'),
    params: instanceIdParamsSchema,
    body: switchInstanceBodySchema,
    response: instanceSchema,
    audit: { label: 'Switch instance type', instanceParam: 'id' },
    /** The spend budget's hard stop (contracts' budgets.ts). */
    errors: ['budget_exhausted'],
  }),
} as const;
