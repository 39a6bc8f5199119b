import { z } from 'zod';
import type { InstanceStatus } from '../instance-lifecycle';

/**
 * What an instance may do in each state (spec sections 4 and 5): its actions, the status
 * each sets at once, the states a workflow resumes, and when its storage or type may
 * change; the server and the web app apply the same rules, so the button the UI enables
 * is the call the server accepts.
 */

/** The word the terminate dialog asks for (spec section 5), compared after trimming. */
export const TERMINATE_CONFIRMATION = 'TERMINATE';
export const isTerminateConfirmed = (typed: string): boolean => typed.trim() === TERMINATE_CONFIRMATION;

/* ---------- actions and states (spec section 4) ---------- */

export const INSTANCE_ACTIONS = ['start', 'stop', 'terminate'] as const;
export const instanceActionSchema = z.enum(INSTANCE_ACTIONS);
export type InstanceAction = z.infer<typeof instanceActionSchema>;

const ALLOWED_ACTIONS: Partial<Record<InstanceStatus, readonly InstanceAction[]>> = {
  stopped: ['start', 'terminate'],
  initializing: ['terminate'],
  running: ['stop', 'terminate'],
  creating: ['stop', 'terminate'],
};

/** Spec section 4: stopped → start, terminate; initializing → terminate; running or creating → stop, terminate; else none. */
export function allowedActions(status: InstanceStatus): readonly InstanceAction[] {
  return ALLOWED_ACTIONS[status] ?? [];
}

export function isActionAllowed(status: InstanceStatus, action: InstanceAction): boolean {
  return allowedActions(status).includes(action);
}

/** The status an action sets at once (optimistic, spec section 4); the workflow takes it from there. */
export const ACTION_STATUS: Record<InstanceAction, InstanceStatus> = {
  start: 'starting',
  stop: 'stopping',
  terminate: 'terminating',
};

/** Statuses a provisioning workflow is still working on; the console resumes them after a restart ('upgrading': a type switch). */
export const TRANSITIONAL_STATUSES = ['creating', 'initializing', 'starting', 'stopping', 'terminating', 'upgrading', 'version-upgrading'] as const satisfies readonly InstanceStatus[];
export const isTransitional = (status: InstanceStatus): boolean => (TRANSITIONAL_STATUSES as readonly string[]).includes(status);

/** Spec section 4: storage can change unless a disk or type change is pending ('upgrading' is a type switch under way) or a storage change runs. */
export function canUpdateStorage(i: { status: InstanceStatus; storageInProgress: boolean }): boolean {
  return !i.storageInProgress && !['disk-upgrade', 'switch-instance', 'upgrading', 'terminating', 'terminated'].includes(i.status);
}

/**
 * The instance type can switch under the same rule, only when nothing else is
 * in progress (spec section 4), and only while running: the switch restarts the
 * running agent at the new size, and 'upgrading' would otherwise forget that
 * the instance was stopped (the words: switch.ts's `switchRefusal`).
 */
export function canSwitchInstance(i: { status: InstanceStatus; storageInProgress: boolean; inProgress: boolean }): boolean {
  return canUpdateStorage(i) && !i.inProgress && i.status === 'running';
}

/**
 * Who may pay more for an instance (a larger disk, a dearer type): an account with
 * billing details, or an enterprise one (billed by contract). Anyone else is a free
 * account, sent to billing setup (spec section 5); the server answers it 402.
 */
export function mayPayForUpgrade(account: { hasBillingDetails: boolean; edition: string | null }): boolean {
  return account.hasBillingDetails || account.edition === 'ee';
}
