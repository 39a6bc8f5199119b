import { z } from 'zod';
import { INSTANCE_SIZES, SIZES, priceFor, type InstanceSize, type Provider } from '../catalogue';
import { type InstanceStatus } from '../instance-lifecycle';
import type { Micros } from '../money';
import { INSTANCE_MESSAGES } from './instances';
import { canSwitchInstance } from './instance-rules';

/**
 * Switch Instance (spec sections 4, 5 and 7): moving an instance to another
 * type. The rules live here so the drawer enables, and words, exactly what the
 * server accepts: the same refusal reason shows beside the disabled button and
 * comes back in a 409.
 */

/**
 * The spec has no words of its own for a type switch; its instance-update
 * pair is the nearest ('Instance updated successfully.' / 'Failed to update
 * instance.'). The refusals it leaves unworded name the rule that refused.
 */
export const SWITCH_MESSAGES = {
  switched: INSTANCE_MESSAGES.updated,
  failed: INSTANCE_MESSAGES.updateFailed,
  instanceType: `instanceType must be one of ${INSTANCE_SIZES.join(', ')}.`,
  sameType: (size: InstanceSize) => `The instance is ${SIZES[size].label} already: choose another type.`,
  notRunning: 'The instance type can change only while the instance is running.',
  storageBusy: 'The instance type cannot change while its disk is changing.',
  busy: 'The instance type cannot change while another change to the instance is under way.',
  billingRequired: 'Add payment details to switch to a larger instance type.',
} as const;

/** POST …/{id}/instance-upgrade. "Another type than now" needs the instance, so the server judges it with `switchRefusal`. */
export const switchInstanceBodySchema = z.strictObject({ instanceType: z.enum(INSTANCE_SIZES, { message: SWITCH_MESSAGES.instanceType }) }).meta({ examples: [{ instanceType: 'medium' }] });
export type SwitchInstanceBody = z.infer<typeof switchInstanceBodySchema>;

type SwitchFacts = { status: InstanceStatus; storageInProgress: boolean; inProgress: boolean };

/**
 * Why the type cannot change now, in words, or null when it can: exactly
 * when `canSwitchInstance` is false (held equal by a contracts test).
 */
export function switchRefusal(i: SwitchFacts): string | null {
  if (canSwitchInstance(i)) return null;
  if (i.status === 'terminated' || i.status === 'terminating') return INSTANCE_MESSAGES.terminated;
  if (i.storageInProgress || i.status === 'disk-upgrade') return SWITCH_MESSAGES.storageBusy;
  if (i.inProgress || i.status !== 'stopped') return SWITCH_MESSAGES.busy;
  return SWITCH_MESSAGES.notRunning;
}

/** A switch that raises the price needs an account that may pay for it (`mayPayForUpgrade`); a cheaper one never does. */
export const switchCostsMore = (from: InstanceSize, to: InstanceSize): boolean => SIZES[to].hourlyMicros > SIZES[from].hourlyMicros;

export interface SwitchOption {
  size: InstanceSize;
  label: string;
  vcpu: number;
  memoryGb: number;
  diskGb: number;
  monthly: Micros;
  /** What this type adds to (or, negative, takes off) today's monthly price. */
  difference: Micros;
  /** The same per hour: what each hour of compute on the invoice changes by. */
  hourlyDifference: Micros;
  current: boolean;
}

/** Every type with its figures and its monthly price in the instance's region, and the difference to today's, in integer µ$. */
export function switchOptions(provider: Provider, region: string, current: InstanceSize): SwitchOption[] {
  const today = priceFor(provider, region, current);
  return INSTANCE_SIZES.map((size) => {
    const { label, vcpu, memoryGb, diskGb } = SIZES[size];
    const price = priceFor(provider, region, size);
    return {
      size,
      label,
      vcpu,
      memoryGb,
      diskGb,
      monthly: price.monthlyPrice,
      difference: price.monthlyPrice - today.monthlyPrice,
      hourlyDifference: price.hourlyPrice - today.hourlyPrice,
      current: size === current,
    };
  });
}
