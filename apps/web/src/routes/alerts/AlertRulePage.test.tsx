import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertRule } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { makeInstance } from '../../features/instances/test-fixtures';

const SITE = '1b0f4c1e-8a55-4c0e-9d63-1a2b3c4d5e6f';
const ALERT = '2c1f4c1e-8a55-4c0e-9d63-1a2b3c4d5e6f';
const rule: AlertRule = {
  alertId: ALERT,
  instanceId: SITE,
  siteId: SITE,
  name: 'CPU busy',
  metric: 'cpu',
  threshold: 80,
  durationMinutes: 5,
  mail: true,
  enabled: true,
  state: 'firing',
  breachingSince: 1_700_000_000_000,
  lastValue: 91,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
};
const EDITOR = ['VIEW_INSTANCES', 'EDIT_INSTANCES'] as const;

describe('alert rules screens', () => {
  it('lists the rules with their condition and state', async () => {
    stubSignedIn(makeAccount({ permissions: [...EDITOR] }), makeJwt(), { [`GET /api/managed-saas/instances/${SITE}/alerts`]: ok({ alerts: [rule] }) });
    renderApp(`/${SITE}/alerts`);
    expect(await screen.findByRole('heading', { name: 'Alert Rules' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CPU busy' })).toHaveAttribute('href', `/${SITE}/alert/${ALERT}`);
    expect(screen.getByText('CPU above 80 % for 5 minutes')).toBeInTheDocument();
    expect(screen.getByText('Firing')).toBeInTheDocument();
  });

  it('checks the form with the contract before sending, then creates and opens the rule', async () => {
    const api = stubSignedIn(makeAccount({ permissions: [...EDITOR] }), makeJwt(), {
      [`POST /api/managed-saas/instances/${SITE}/alerts`]: { status: 201, body: { data: { ...rule, metric: 'disk', threshold: 90, state: 'ok' } } },
      [`GET /api/managed-saas/instances/${SITE}/alerts/${ALERT}`]: ok({ alert: { ...rule, metric: 'disk', threshold: 90, state: 'ok' }, history: [] }),
    });
    renderApp(`/${SITE}/alert/create`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Alert Rule' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/managed-saas/instances/${SITE}/alerts`)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Disk filling');
    await user.click(screen.getByRole('textbox', { name: 'Metric' }));
    await user.click(await screen.findByRole('option', { name: 'Disk (%)' }));
    const threshold = screen.getByRole('textbox', { name: 'Threshold (%)' });
    await user.clear(threshold);
    await user.type(threshold, '90');
    await user.click(screen.getByRole('button', { name: 'Create Alert Rule' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /api/managed-saas/instances/${SITE}/alerts`).map((c) => c.body)).toEqual([
        { name: 'Disk filling', metric: 'disk', threshold: 90, durationMinutes: 5, mail: true, enabled: true },
      ]),
    );
    expect(await screen.findByText('Alert rule created')).toBeInTheDocument();
    await waitFor(() => expect(locationNow()).toBe(`/${SITE}/alert/${ALERT}`));
    expect(await screen.findByText('It has not fired yet.')).toBeInTheDocument();
  });

  it('shows the history, and deletes after a confirmation', async () => {
    const api = stubSignedIn(makeAccount({ permissions: [...EDITOR] }), makeJwt(), {
      [`GET /api/managed-saas/instances/${SITE}/alerts/${ALERT}`]: ok({ alert: rule, history: [{ id: 'h1', kind: 'fired', value: 91, threshold: 80, at: 1_700_000_000_000 }] }),
      [`DELETE /api/managed-saas/instances/${SITE}/alerts/${ALERT}`]: ok({ deleted: true }),
      [`GET /api/managed-saas/instances/${SITE}/alerts`]: ok({ alerts: [] }),
    });
    renderApp(`/${SITE}/alert/${ALERT}`);
    expect(await screen.findByRole('heading', { name: 'CPU busy', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fired')).toBeInTheDocument();
    expect(screen.getByText('91 %')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this alert rule? Its history is deleted with it.')).toBeInTheDocument();
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete alert rule' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE /api/managed-saas/instances/${SITE}/alerts/${ALERT}`)).toHaveLength(1));
    await waitFor(() => expect(locationNow()).toBe(`/${SITE}/alerts`));
    expect(await screen.findByText('No alert rules yet.')).toBeInTheDocument();
  });

  it('names the instance in the breadcrumb, linked to its page, on the rule and the list', async () => {
    stubSignedIn(makeAccount({ permissions: [...EDITOR] }), makeJwt(), {
      [`GET /api/managed-saas/instances/${SITE}`]: ok(makeInstance({ instanceId: SITE, name: 'Shop production' })),
      [`GET /api/managed-saas/instances/${SITE}/alerts/${ALERT}`]: ok({ alert: rule, history: [] }),
      [`GET /api/managed-saas/instances/${SITE}/alerts`]: ok({ alerts: [rule] }),
    });
    renderApp(`/${SITE}/alert/${ALERT}`);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(crumbs).findByRole('link', { name: 'Shop production' })).toHaveAttribute('href', `/instances/${SITE}`);
    expect(within(crumbs).queryByText('Instance', { exact: true })).toBeNull();
    expect(within(crumbs).getByRole('link', { name: 'Alert Rules' })).toHaveAttribute('href', `/${SITE}/alerts`);
    expect(within(crumbs).getByText('CPU busy')).toHaveAttribute('aria-current', 'page');
  });

  it('lets a viewer read a rule without changing it, and says when it cannot be loaded', async () => {
    stubSignedIn(makeAccount({ permissions: ['VIEW_INSTANCES'] }), makeJwt(), {
      [`GET /api/managed-saas/instances/${SITE}/alerts/${ALERT}`]: ok({ alert: rule, history: [] }),
      [`GET /api/managed-saas/instances/${SITE}/alerts`]: fail(500, 'Internal server error.'),
    });
    renderApp(`/${SITE}/alert/${ALERT}`);
    expect(await screen.findByRole('heading', { name: 'CPU busy', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  });
});
