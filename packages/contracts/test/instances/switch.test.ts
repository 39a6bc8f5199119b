import { describe, expect, it } from 'vitest';
import {
  INSTANCE_MESSAGES,
  INSTANCE_STATUSES,
  SWITCH_MESSAGES,
  canSwitchInstance,
  canUpdateStorage,
  endpoints,
  mayPayForUpgrade,
  priceFor,
  HOURS_PER_MONTH,
  switchCostsMore,
  switchInstanceBodySchema,
  switchOptions,
  switchRefusal,
} from '../../src';

describe('the switch rule', () => {
  it('words a refusal exactly when canSwitchInstance is false, for every state', () => {
    for (const status of INSTANCE_STATUSES) {
      for (const storageInProgress of [false, true]) {
        for (const inProgress of [false, true]) {
          const i = { status, storageInProgress, inProgress };
          expect(switchRefusal(i) === null, JSON.stringify(i)).toBe(canSwitchInstance(i));
        }
      }
    }
  });

  it('allows only a running, idle instance with no disk change; says why otherwise', () => {
    const idle = { status: 'running' as const, storageInProgress: false, inProgress: false };
    expect(switchRefusal(idle)).toBeNull();
    expect(switchRefusal({ ...idle, status: 'stopped' })).toBe(SWITCH_MESSAGES.notRunning);
    expect(switchRefusal({ ...idle, storageInProgress: true })).toBe(SWITCH_MESSAGES.storageBusy);
    expect(switchRefusal({ ...idle, status: 'disk-upgrade' })).toBe(SWITCH_MESSAGES.storageBusy);
    expect(switchRefusal({ ...idle, status: 'upgrading', inProgress: true })).toBe(SWITCH_MESSAGES.busy);
    expect(switchRefusal({ ...idle, inProgress: true })).toBe(SWITCH_MESSAGES.busy);
    expect(switchRefusal({ ...idle, status: 'terminated' })).toBe(INSTANCE_MESSAGES.terminated);
  });

  it('holds the disk while a switch is under way (spec section 4: no switch pending)', () => {
    expect(canUpdateStorage({ status: 'upgrading', storageInProgress: false })).toBe(false);
    expect(canUpdateStorage({ status: 'running', storageInProgress: false })).toBe(true);
  });

  it('takes small, medium or large and nothing else', () => {
    for (const instanceType of ['small', 'medium', 'large']) expect(switchInstanceBodySchema.safeParse({ instanceType }).success).toBe(true);
    for (const body of [{ instanceType: 'xl' }, { instanceType: 'Small' }, { instanceType: 1 }, {}, { instanceType: 'small', more: 1 }]) {
      expect(switchInstanceBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(switchInstanceBodySchema.safeParse({ instanceType: 'xl' }).error?.issues[0]?.message).toBe(SWITCH_MESSAGES.instanceType);
  });

  it('asks for a way to pay only when the price goes up, and takes billing details or an enterprise account', () => {
    expect(switchCostsMore('small', 'medium')).toBe(true);
    expect(switchCostsMore('large', 'medium')).toBe(false);
    expect(mayPayForUpgrade({ hasBillingDetails: false, edition: 'foss' })).toBe(false);
    expect(mayPayForUpgrade({ hasBillingDetails: true, edition: 'foss' })).toBe(true);
    expect(mayPayForUpgrade({ hasBillingDetails: false, edition: 'ee' })).toBe(true);
  });

  it('prices every type in the region, with the difference to today in integer micro-dollars', () => {
    const options = switchOptions('aws', 'eu-west-1', 'medium');
    expect(options.map((o) => [o.size, o.vcpu, o.memoryGb, o.diskGb, o.current])).toEqual([
      ['small', 2, 8, 120, false],
      ['medium', 4, 16, 240, true],
      ['large', 8, 32, 480, false],
    ]);
    const today = priceFor('aws', 'eu-west-1', 'medium').monthlyPrice;
    for (const o of options) {
      expect(o.monthly).toBe(priceFor('aws', 'eu-west-1', o.size).monthlyPrice);
      expect(o.difference).toBe(o.monthly - today);
      expect(o.hourlyDifference * HOURS_PER_MONTH).toBe(o.difference);
      expect(Number.isSafeInteger(o.difference)).toBe(true);
    }
    expect(options[0]!.difference).toBeLessThan(0);
    expect(options[1]!.difference).toBe(0);
  });

  it('is the spec’s instance-upgrade call, under the edit permission, audited with its instance', () => {
    expect(endpoints.switchInstance).toMatchObject({ method: 'POST', path: '/managed-saas/instances/:id/instance-upgrade', guard: { anyOf: ['EDIT_INSTANCES'] } });
    expect(endpoints.switchInstance.audit).toEqual({ label: 'Switch instance type', instanceParam: 'id' });
  });
});
