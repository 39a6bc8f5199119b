import userEvent from '@testing-library/user-event';
import type { Permission } from '@replay/contracts';
import { ok, stubSignedIn, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { agentHealth, makeInstance } from '../../features/instances/test-fixtures';

export const DETAILS_API = '/api/managed-saas/instances/ins_1';

/** The reads' answers for an instance with no SSO and one sample (GET …/config carries them too). */
export const noSso = { idp: null, enforce: false, pending: false, updatedAt: null, serviceProvider: null, test: { passedForSaved: false, testedAt: null, nameId: null } };
export const someStatistics = () => ({ cpu: 1, memory: 2, disk: 3, sampledAt: Date.now(), diskAlert: null, diskFullInDays: null });
type Handler = StubResponse | ((req: StubRequest) => StubResponse);

/**
 * The details page of instance ins_1 opened at `tab` by a member with `permissions`
 * (an editor by default), with its reads answered (the instance, its events, statistics,
 * retention, maintenance window, backups and SSO) and `handlers` on top.
 */
export function openDetailsTab(tab: string, opts: { permissions?: Permission[]; handlers?: Record<string, Handler>; instance?: Parameters<typeof makeInstance>[0] } = {}) {
  const account = makeAccount({ permissions: opts.permissions ?? ['VIEW_INSTANCES', 'EDIT_INSTANCES'] });
  const stub = stubSignedIn(account, makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    [`GET ${DETAILS_API}`]: ok(makeInstance(opts.instance)),
    [`GET ${DETAILS_API}/user-activity`]: ok({ events: [], total: 0 }),
    [`GET ${DETAILS_API}/statistics`]: ok(someStatistics()),
    [`GET ${DETAILS_API}/config-disk-usage`]: ok({ days: 7, pending: false, updatedAt: null, recent: { days: 10, bytes: null, measuredAt: null } }),
    [`GET ${DETAILS_API}/maintenance-window`]: ok({ cron: '0 0 * * 1', frequency: 'weekly', day: 1, hour: 12, meridiem: 'AM', minute: 0, nextWindowAt: Date.UTC(2026, 11, 7), updatedAt: null }),
    [`GET ${DETAILS_API}/backups`]: ok({ backups: [], schedule: { enabled: true, timeUtc: '23:45', retentionDays: 7 }, restoringBackupId: null, lastBackupAt: null }),
    [`GET ${DETAILS_API}/config-sso`]: ok(noSso),
    ...opts.handlers,
  });
  renderApp(`/instances/ins_1?tab=${tab}`);
  return { stub, user: userEvent.setup() };
}
