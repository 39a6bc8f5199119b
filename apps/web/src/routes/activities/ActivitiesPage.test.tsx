import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleActivity } from '@replay/contracts';
import { NO_ACTIVITY_ACCESS_TITLE } from '../../features/activity/NoActivityAccess';
import { ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { trackUrls } from '../../test/team-fixtures';

const PATH = '/api/managed-saas/activities';

function activity(n: number): ConsoleActivity {
  return {
    activityId: `act_${n}`,
    action: 'member.invited',
    message: `Invited member ${n}`,
    instanceName: null,
    userName: 'Ada Owner',
    timestamp: Date.UTC(2026, 0, 1, 12, n),
  };
}

/** 25 events; each call answers the page it asks for, filtered by its query. */
function signIn(permissions = ['VIEW_ACTIVITY', 'VIEW_INSTANCES']) {
  const all = Array.from({ length: 25 }, (_, i) => activity(i + 1));
  const stub = stubSignedIn(makeAccount({ permissions: permissions as never }), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    [`GET ${PATH}`]: () => {
      const q = tracker.current(PATH);
      const page = Number(q.get('page'));
      const limit = Number(q.get('limit'));
      const matching = all.filter((a) => a.message.includes(q.get('query') ?? ''));
      return ok({ activities: matching.slice((page - 1) * limit, page * limit), total: matching.length });
    },
  });
  const tracker = trackUrls(stub);
  return tracker;
}

describe('Console Activity', () => {
  it('shows Event, By and Time, 10 a page, and pages through the server', async () => {
    const calls = signIn();
    renderApp('/activities');
    const table = await screen.findByRole('table', { name: 'Console activity' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Event', 'By', 'Time']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1 to 10 of 25 events.')).toBeInTheDocument();
    expect(calls.queries(PATH)[0]).toEqual({ page: '1', limit: '10' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21 to 25 of 25 events.')).toBeInTheDocument();
    expect(await screen.findByText('Invited member 25')).toBeInTheDocument();
    expect(calls.queries(PATH).at(-1)).toEqual({ page: '3', limit: '10' });
    expect(locationNow()).toBe('/activities?page=3');
  });

  it('filters by event on the server 250 ms after typing stops, back on page 1', async () => {
    const calls = signIn();
    renderApp('/activities?page=2');
    await screen.findByText('Showing 11 to 20 of 25 events.');
    // fireEvent, not userEvent: Testing Library's async wrapper waits on a real setTimeout, which fake timers hold.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = screen.getByPlaceholderText('Filter by event');
    const searched = () => calls.queries(PATH).filter((q) => q.query);

    fireEvent.change(box, { target: { value: 'mem' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    // Typing again within 250 ms starts the wait over.
    fireEvent.change(box, { target: { value: 'member 2' } });
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(searched()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searched()).toHaveLength(1);
    // Let the timers queued meanwhile (the data cache batches its updates on one) run before real time takes over.
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    await waitFor(() => expect(searched()).toEqual([{ page: '1', limit: '10', query: 'member 2' }]));
    expect(await screen.findByText('Showing 1 to 7 of 7 events.')).toBeInTheDocument();
    expect(locationNow()).toBe('/activities?q=member+2');
  });

  it('restores page and filter from the address after a reload', async () => {
    const calls = signIn();
    renderApp('/activities?q=member+1&page=2');
    expect(await screen.findByText('Showing 11 to 11 of 11 events.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Filter by event')).toHaveValue('member 1');
    expect(calls.queries(PATH)[0]).toEqual({ page: '2', limit: '10', query: 'member 1' });
  });

  it('shows its own no-access panel without VIEW_ACTIVITY, and reads nothing', async () => {
    const calls = signIn(['VIEW_INSTANCES']);
    renderApp('/activities');
    expect(await screen.findByRole('heading', { name: NO_ACTIVITY_ACCESS_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Console Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Not allowed' })).toBeNull();
    expect(calls.queries(PATH)).toHaveLength(0);
  });

  it('links to the audit trail', async () => {
    signIn();
    renderApp('/activities');
    expect(await screen.findByRole('link', { name: /Audit trail/ })).toHaveAttribute('href', '/client/audit');
  });
});
