import { describe, expect, it } from 'vitest';
import { INSTANCE_STATUSES, normalizeInstanceUrl } from '@replay/contracts';
import {
  HEALTHY,
  UNHEALTHY,
  applyAction,
  badgeFor,
  createBlock,
  directCheckPassed,
  healthInterval,
  isOld,
  isRecent,
  needsHealthCheck,
  needsStatusPoll,
  proxyCheckResult,
  showActionsMenu,
  statusChanged,
  suggestUrl,
} from './rules';
import { makeInstance } from './test-fixtures';

const NOW = Date.UTC(2026, 5, 1, 12);
const MIN = 60_000;

describe('age rules', () => {
  it('recent: running and created under 10 minutes ago', () => {
    expect(isRecent({ status: 'running', createdAt: NOW - 9 * MIN }, NOW)).toBe(true);
    expect(isRecent({ status: 'running', createdAt: NOW - 10 * MIN }, NOW)).toBe(false);
    expect(isRecent({ status: 'stopped', createdAt: NOW - MIN }, NOW)).toBe(false);
  });

  it('old: last updated over 10 minutes ago', () => {
    expect(isOld({ updatedAt: NOW - 10 * MIN - 1 }, NOW)).toBe(true);
    expect(isOld({ updatedAt: NOW - 10 * MIN }, NOW)).toBe(false);
  });

  it('checks health of statuses ending in -ing that are not in progress, and polls status while in progress', () => {
    expect(needsHealthCheck({ status: 'running', inProgress: false })).toBe(true);
    expect(needsHealthCheck({ status: 'creating', inProgress: true })).toBe(false);
    expect(needsHealthCheck({ status: 'stopped', inProgress: false })).toBe(false);
    expect(needsStatusPoll({ status: 'creating', inProgress: true })).toBe(true);
    expect(needsStatusPoll({ status: 'version-upgrading', inProgress: false })).toBe(true);
    expect(needsStatusPoll({ status: 'running', inProgress: false })).toBe(false);
  });

  it('rechecks old running instances in the list every 5 minutes, others every 30 s', () => {
    const old = { status: 'running' as const, createdAt: NOW - 60 * MIN, updatedAt: NOW - 30 * MIN };
    const fresh = { status: 'running' as const, createdAt: NOW - 2 * MIN, updatedAt: NOW - 2 * MIN };
    expect(healthInterval(old, NOW, 'list')).toBe(5 * MIN);
    expect(healthInterval(old, NOW, 'details')).toBe(30_000);
    expect(healthInterval(fresh, NOW, 'list')).toBe(30_000);
  });
});

describe('health answers', () => {
  it('passes a direct check only with HTTP 200 and tenants', () => {
    expect(directCheckPassed(200, { tenants: [{ name: 'a' }] })).toBe(true);
    // The agent's own answer: its tenants carry no names, since anyone may ask.
    expect(directCheckPassed(200, { status: 'ok', tenants: [{ active: true }] })).toBe(true);
    expect(directCheckPassed(200, { data: { tenants: [{ name: 'a' }] } })).toBe(true);
    expect(directCheckPassed(200, { tenants: [] })).toBe(false);
    expect(directCheckPassed(200, { status: 'ok' })).toBe(false);
    expect(directCheckPassed(204, { tenants: [{ name: 'a' }] })).toBe(false);
    expect(directCheckPassed(500, null)).toBe(false);
  });

  it('reads a passing proxy check as healthy with a client network issue, anything else as unhealthy', () => {
    expect(proxyCheckResult({ healthy: true, hasTenants: true, resolvedIps: ['10.0.0.1'] })).toEqual({
      healthy: true,
      clientNetworkIssue: true,
      resolvedIps: ['10.0.0.1'],
    });
    expect(proxyCheckResult({ healthy: true, hasTenants: false, resolvedIps: [] })).toEqual(UNHEALTHY);
    expect(proxyCheckResult({ healthy: false, hasTenants: true, resolvedIps: [] })).toEqual(UNHEALTHY);
    expect(proxyCheckResult(null)).toEqual(UNHEALTHY);
  });
});

describe('status badge', () => {
  const at = (overrides: Parameters<typeof makeInstance>[0]) => makeInstance({ createdAt: NOW - 60 * MIN, updatedAt: NOW - 60 * MIN, ...overrides });

  it('is green for a healthy running instance, which opens', () => {
    expect(badgeFor(at({}), HEALTHY, NOW)).toEqual({ label: 'Running', tone: 'success', healthyRunning: true });
  });

  it('is yellow with the network explanation when only the proxy reached it', () => {
    const badge = badgeFor(at({}), { healthy: true, clientNetworkIssue: true, resolvedIps: ['1.2.3.4'] }, NOW);
    expect(badge).toEqual({ label: 'Running', tone: 'warning', reason: 'network', healthyRunning: true });
  });

  it("shows 'Starting' with a spinner for an unhealthy running instance, 'Failed' once it is old", () => {
    const young = at({ createdAt: NOW - 3 * MIN, updatedAt: NOW - 3 * MIN });
    expect(badgeFor(young, UNHEALTHY, NOW)).toEqual({ label: 'Starting', tone: 'progress', healthyRunning: false });
    expect(badgeFor(at({}), UNHEALTHY, NOW)).toEqual({ label: 'Failed', tone: 'error', reason: 'failed', healthyRunning: false });
  });

  it('spins for creating, upgrades and every transition', () => {
    for (const status of ['creating', 'initializing', 'starting', 'stopping', 'terminating', 'upgrading', 'disk-upgrade', 'version-upgrading'] as const) {
      expect(badgeFor(at({ status, inProgress: true }), undefined, NOW).tone).toBe('progress');
    }
    expect(badgeFor(at({ status: 'creating', inProgress: true }), undefined, NOW).label).toBe('Creating');
  });

  it("is 'Failed' when the workflow gave up, and neutral when stopped or terminated", () => {
    expect(badgeFor(at({ status: 'creating', failure: 'agent did not start', uiFailure: "Couldn't create instance" }), undefined, NOW).label).toBe('Failed');
    // A type switch that failed and was undone: running at its old type, healthy.
    expect(badgeFor(at({ failure: 'the agent did not stay up', uiFailure: 'Failed to update instance.' }), HEALTHY, NOW).label).toBe('Running');
    expect(badgeFor(at({ status: 'stopped', healthy: false }), undefined, NOW)).toMatchObject({ label: 'Stopped', tone: 'neutral' });
    expect(badgeFor(at({ status: 'terminated', healthy: false }), undefined, NOW)).toMatchObject({ label: 'Terminated', tone: 'neutral' });
  });

  it("uses the server's health until this browser's first check answers", () => {
    expect(badgeFor(at({ healthy: true }), undefined, NOW).tone).toBe('success');
    expect(badgeFor(at({ healthy: false, updatedAt: NOW - MIN }), undefined, NOW).label).toBe('Starting');
  });

  it('gives every status a label', () => {
    for (const status of INSTANCE_STATUSES) expect(badgeFor(at({ status, inProgress: true }), undefined, NOW).label).toMatch(/^[A-Z]/);
  });
});

describe('actions', () => {
  it('hides the menu while in progress or terminated, unless running but unhealthy', () => {
    expect(showActionsMenu({ status: 'running', inProgress: false }, true)).toBe(true);
    expect(showActionsMenu({ status: 'stopping', inProgress: true }, false)).toBe(false);
    expect(showActionsMenu({ status: 'terminated', inProgress: false }, false)).toBe(false);
    expect(showActionsMenu({ status: 'running', inProgress: true }, false)).toBe(true);
    expect(showActionsMenu({ status: 'stopped', inProgress: false }, false)).toBe(true);
  });

  it('moves the status at once: stop → stopping, start → starting, terminate → terminating', () => {
    const i = makeInstance();
    expect(applyAction(i, 'stop')).toMatchObject({ status: 'stopping', inProgress: true, name: 'Production' });
    expect(applyAction(makeInstance({ status: 'stopped' }), 'start')).toMatchObject({ status: 'starting', inProgress: true });
    expect(applyAction(i, 'terminate')).toMatchObject({ status: 'terminating', inProgress: true });
    expect(statusChanged(i, { status: 'running', inProgress: false })).toBe(false);
    expect(statusChanged(i, { status: 'stopping', inProgress: true })).toBe(true);
  });
});

describe('the Create form', () => {
  const trial = { hasBillingDetails: false, instanceCount: 0, remainingTrial: 7 };
  const form = { name: 'Production', url: 'production', region: 'us-east-1', size: 'small' as const };

  it('may create a small instance on a trial account without instances', () => {
    expect(createBlock(form, false, trial)).toBeNull();
  });

  it('requires billing for a bigger size or a second instance, unless billing details exist', () => {
    expect(createBlock({ ...form, size: 'medium' }, false, trial)).toBe('billing');
    expect(createBlock(form, false, { hasBillingDetails: false, instanceCount: 1, remainingTrial: 7 })).toBe('billing');
    expect(createBlock({ ...form, size: 'large' }, false, { hasBillingDetails: true, instanceCount: 3, remainingTrial: 0 })).toBeNull();
    // Once the trial has ended, even the first small instance needs billing details.
    expect(createBlock(form, false, { ...trial, remainingTrial: 0 })).toBe('billing');
  });

  it('is invalid without a name, url or region', () => {
    expect(createBlock({ ...form, name: '   ' }, false, trial)).toBe('invalid');
    expect(createBlock({ ...form, url: '' }, false, trial)).toBe('invalid');
    expect(createBlock({ ...form, region: null }, false, trial)).toBe('invalid');
  });

  it('is blocked by a taken URL', () => {
    expect(createBlock(form, true, trial)).toBe('taken');
  });

  it('keeps only letters, digits, underscore and hyphen in the URL, at most 64', () => {
    expect(normalizeInstanceUrl('my app.example/é!_-1')).toBe('myappexample_-1');
    expect(normalizeInstanceUrl('a'.repeat(70))).toHaveLength(64);
    expect(suggestUrl('  My Shop EU ')).toBe('my-shop-eu');
  });
});
