import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, PROJECT_MESSAGES, PROJECT_NAME_MAX, TEXT_LIMITS, accountLimits, appendSite, createProjectSchema, instanceLimit, renameProjectSchema } from '../src/index';

const instanceId = '0b5f7c1e-9a3d-4d2b-8f6e-1c2d3e4f5a6b';
const site = (siteId: string) => ({ siteId, name: siteId });

describe('the site list', () => {
  it('appends a new site at the end (spec: a new site is appended to the site list)', () => {
    const list = [site('a'), site('b')];
    expect(appendSite(list, site('c'))).toEqual([site('a'), site('b'), site('c')]);
    expect(list).toEqual([site('a'), site('b')]);
    expect(appendSite([], site('a'))).toEqual([site('a')]);
  });

  it('does not add a site it already holds', () => {
    expect(appendSite([site('a'), site('b')], { siteId: 'a', name: 'again' })).toEqual([site('a'), site('b')]);
  });
});

describe('project input', () => {
  it('takes a trimmed name of at most the inline-edit limit (80)', () => {
    expect(PROJECT_NAME_MAX).toBe(TEXT_LIMITS.inlineName);
    expect(createProjectSchema.parse({ instanceId, name: '  Web shop ' })).toEqual({ instanceId, name: 'Web shop' });
    expect(renameProjectSchema.parse({ name: 'x'.repeat(80) })).toEqual({ name: 'x'.repeat(80) });
    expect(renameProjectSchema.safeParse({ name: 'x'.repeat(81) }).success).toBe(false);
  });

  it('refuses an empty name, an instance that is not an id, and any field the console makes', () => {
    const messages = (input: unknown) => createProjectSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ instanceId, name: '   ' })).toEqual([PROJECT_MESSAGES.nameRequired]);
    expect(messages({ instanceId: '42', name: 'Web' })).toEqual([PROJECT_MESSAGES.instanceNotFound]);
    expect(createProjectSchema.safeParse({ instanceId, name: 'Web', projectKey: 'mine' }).success).toBe(false);
    expect(renameProjectSchema.safeParse({ name: 'Web', isDefault: true }).success).toBe(false);
  });
});

describe('limits', () => {
  it('counts sites against the tier’s project cap', () => {
    expect(accountLimits({ hasBillingDetails: false, seats: 1, sites: 2 }).sites).toEqual({ limit: ACCOUNT_LIMITS.trial.sites, remaining: ACCOUNT_LIMITS.trial.sites - 2 });
    expect(accountLimits({ hasBillingDetails: true, seats: 1, sites: 500 }).sites).toEqual({ limit: ACCOUNT_LIMITS.billed.sites, remaining: 0 });
  });

  it('keeps the instance cap apart, and leaves room for every instance’s default project', () => {
    expect(instanceLimit({ hasBillingDetails: true, instanceCount: 19 })).toEqual({ limit: ACCOUNT_LIMITS.billed.instances, remaining: 1 });
    expect(instanceLimit({ hasBillingDetails: false, instanceCount: 3 })).toEqual({ limit: ACCOUNT_LIMITS.trial.instances, remaining: 0 });
    for (const tier of [ACCOUNT_LIMITS.trial, ACCOUNT_LIMITS.billed]) expect(tier.sites).toBeGreaterThan(tier.instances);
  });

  it('says the cap in words, singular or plural', () => {
    expect(PROJECT_MESSAGES.limit(1)).toBe('Your account has reached its limit of 1 project. Delete one, or contact support to raise the limit.');
    expect(PROJECT_MESSAGES.limit(3)).toBe('Your account has reached its limit of 3 projects. Delete one, or contact support to raise the limit.');
  });
});
