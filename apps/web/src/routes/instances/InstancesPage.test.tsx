import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { INSTANCE_MESSAGES, type Permission } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { agentHealth, makeInstance, queriesTo } from '../../features/instances/test-fixtures';
import { NO_INSTANCES, NO_MATCHES } from './InstancesPage';

const LIST = '/api/managed-saas/instances';
const healthy = makeInstance();
const creating = makeInstance({
  instanceId: 'ins_2',
  name: 'Staging',
  status: 'creating',
  inProgress: true,
  instanceUrl: null,
  healthCheckUrl: null,
  healthy: false,
  createdAt: Date.now() - 60_000,
  updatedAt: Date.now() - 60_000,
});
// Running, but its health address answers nothing and it has been quiet for an hour.
const broken = makeInstance({ instanceId: 'ins_3', name: 'Legacy', healthCheckUrl: 'http://localhost:4103/down', healthy: false });

type Handlers = Parameters<typeof stubSignedIn>[2];

function signIn(permissions: Permission[] = ['VIEW_INSTANCES', 'EDIT_INSTANCES'], handlers: Handlers = {}) {
  return stubSignedIn(makeAccount({ permissions }), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    'GET /api/managed-saas/instances/ins_3/health': fail(500, 'Health check failed'),
    ...handlers,
  });
}

const statusOf = (name: string) =>
  within(screen.getByRole('row', { name: new RegExp(name) }))
    .getAllByRole('cell')
    .at(-1)!;

// Toasts live in a module-level store: clear them so one test's toast is not read by the next.
afterEach(() => {
  notifications.clean();
  vi.useRealTimers();
});

describe('instances list', () => {
  it('shows the columns, the badges of spec section 4 and the footer', async () => {
    signIn(undefined, { [`GET ${LIST}`]: ok({ instances: [healthy, creating, broken], total: 3 }) });
    renderApp('/instances');
    expect(await screen.findByText('Showing 1 to 3 of 3 instances.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Instances' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Capacity', 'Region', 'Last Modified', 'Status']);
    await waitFor(() => expect(statusOf('Production')).toHaveTextContent('Running'));
    expect(within(statusOf('Production')).getByText('Running').closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(within(statusOf('Staging')).getByText('Creating').closest('[data-tone]')).toHaveAttribute('data-tone', 'progress');
    await waitFor(() => expect(statusOf('Legacy')).toHaveTextContent('Failed'));
    // The red says 'failed'; the words say it too, with whom to contact.
    expect(within(statusOf('Legacy')).getByText(/Please contact support at support@example.com/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Instances - Replay Console'));
  });

  it('opens the details from a running, healthy row, and not from others', async () => {
    signIn(undefined, {
      [`GET ${LIST}`]: ok({ instances: [healthy, creating], total: 2 }),
      [`GET ${LIST}/ins_1`]: ok(healthy),
      [`GET ${LIST}/ins_1/user-activity`]: ok({ events: [], total: 0 }),
    });
    renderApp('/instances');
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('row', { name: /Staging/ })).getAllByRole('cell')[1]!);
    expect(locationNow()).toBe('/instances');
    await waitFor(() => expect(statusOf('Production')).toHaveTextContent('Running'));
    await user.click(within(screen.getByRole('row', { name: /Production/ })).getAllByRole('cell')[1]!);
    expect(await screen.findByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Production');
    expect(locationNow()).toBe('/instances/ins_1');
  });

  it('says so when an instance cannot be opened from the list', async () => {
    const tab = { close: vi.fn(), opener: {}, location: { href: '' } };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    signIn(undefined, {
      [`GET ${LIST}`]: ok({ instances: [healthy], total: 1 }),
      [`GET ${LIST}/ins_1/jwt`]: fail(409, 'The instance is not running.'),
    });
    renderApp('/instances');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open Production in a new tab' }));
    expect(await screen.findByText(INSTANCE_MESSAGES.inaccessibleFromList)).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.close).toHaveBeenCalled();
    expect(locationNow()).toBe('/instances');
  });

  it('welcomes an account without instances, with a create button only for those who may create', async () => {
    signIn(['EDIT_INSTANCES']);
    const view = renderApp('/instances');
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    expect(await screen.findByText("Let's create your dedicated Replay instance.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Instance' })).toHaveAttribute('href', '/instances/create');
    // The getting-started steps come with the welcome only right after a sign-up (the session's onboarding flag).
    expect(screen.queryByRole('region', { name: 'Getting Started' })).toBeNull();
    view.unmount();

    signIn(['VIEW_INSTANCES']);
    renderApp('/instances');
    expect(await screen.findByText(NO_INSTANCES)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Instance' })).toBeNull();
  });

  it("searches on the server after typing pauses, from page 1, keeping page and search in the address; 'No matching results'", async () => {
    const instances = Array.from({ length: 10 }, (_, n) => makeInstance({ instanceId: `ins_${n + 10}`, name: `Shop ${n}`, status: 'stopped' }));
    const stub = signIn(undefined, {
      [`GET ${LIST}`]: () => ok(queriesTo(stub, LIST).at(-1)?.search ? { instances: [], total: 0 } : { instances, total: 12 }),
    });
    renderApp('/instances?page=2');
    expect(await screen.findByText('Showing 11 to 12 of 12 instances.')).toBeInTheDocument();
    expect(queriesTo(stub, LIST)[0]).toEqual({ page: '2', limit: '10' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(locationNow()).toBe('/instances'));

    await user.type(screen.getByRole('searchbox', { name: 'Filter by instance name' }), 'zzz');
    expect(queriesTo(stub, LIST).filter((q) => q.search)).toHaveLength(0);
    expect(await screen.findByText(NO_MATCHES)).toBeInTheDocument();
    expect(queriesTo(stub, LIST).filter((q) => q.search)).toEqual([{ page: '1', limit: '10', search: 'zzz' }]);
    expect(locationNow()).toBe('/instances?q=zzz');
  });

  it.each(['0', '-3', 'two', '1.5'])('reads page %s of the address as page 1', async (raw) => {
    const stub = signIn(undefined, { [`GET ${LIST}`]: ok({ instances: [healthy], total: 1 }) });
    renderApp(`/instances?page=${raw}`);
    expect(await screen.findByText('Showing 1 to 1 of 1 instances.')).toBeInTheDocument();
    expect(queriesTo(stub, LIST).map((q) => q.page)).toEqual(['1']);
  });

  it('moves a page past the last one to the last page', async () => {
    const instances = Array.from({ length: 12 }, (_, n) => makeInstance({ instanceId: `ins_${n + 10}`, name: `Shop ${n}`, status: 'stopped' }));
    const stub = signIn(undefined, {
      [`GET ${LIST}`]: (req) => {
        const page = Number(new URLSearchParams(req.search).get('page'));
        return ok({ instances: instances.slice((page - 1) * 10, page * 10), total: 12 });
      },
    });
    renderApp('/instances?page=7');
    await waitFor(() => expect(locationNow()).toBe('/instances?page=2'));
    await waitFor(() => expect(queriesTo(stub, LIST).map((q) => q.page)).toEqual(['7', '2']));
    expect(await screen.findByRole('row', { name: /Shop 11/ })).toBeInTheDocument();
    expect(screen.getByText('Showing 11 to 12 of 12 instances.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('waits 500 ms after the last key before it searches', async () => {
    const stub = signIn(undefined, { [`GET ${LIST}`]: ok({ instances: [healthy], total: 1 }) });
    renderApp('/instances');
    await screen.findByRole('row', { name: /Production/ });
    // fireEvent, not userEvent: Testing Library's async wrapper waits on a real setTimeout, which fake timers hold.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = screen.getByRole('searchbox', { name: 'Filter by instance name' });
    const searches = () => queriesTo(stub, LIST).filter((q) => q.search);
    fireEvent.change(box, { target: { value: 'sh' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    // Typing again within 500 ms starts the wait over.
    fireEvent.change(box, { target: { value: 'sho' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(searches()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches()).toEqual([{ page: '1', limit: '10', search: 'sho' }]);
    // Let the timers queued meanwhile (the data cache batches its updates on one) run before real time takes over.
    await act(() => vi.advanceTimersByTimeAsync(50));
  });

  it('reads the account again when an instance reaches terminated', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let done = false;
    const terminating = makeInstance({ instanceId: 'ins_4', name: 'Retired', status: 'terminating', inProgress: true });
    const stub = signIn(undefined, {
      [`GET ${LIST}`]: () => ok(done ? { instances: [], total: 0 } : { instances: [terminating], total: 1 }),
      [`POST ${LIST}/status`]: () => ok({ statuses: [{ instanceId: 'ins_4', status: done ? 'terminated' : 'terminating', inProgress: !done }] }),
    });
    renderApp('/instances');
    expect(await screen.findByText('Terminating')).toBeInTheDocument();
    const reads = stub.callsTo('GET /api/account').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(stub.callsTo(`POST ${LIST}/status`)).toHaveLength(1);
    expect(stub.callsTo('GET /api/account')).toHaveLength(reads);
    done = true;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(stub.callsTo('GET /api/account')).toHaveLength(reads + 1));
  });

  it('polls the status of an instance in progress every 10 s and reads the list again once it changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let done = false;
    const running = { ...creating, status: 'running' as const, inProgress: false, healthy: true, healthCheckUrl: 'http://localhost:4102/api/health' };
    const stub = signIn(undefined, {
      [`GET ${LIST}`]: () => ok({ instances: [done ? running : creating], total: 1 }),
      [`POST ${LIST}/status`]: () => ok({ statuses: [{ instanceId: 'ins_2', status: done ? 'running' : 'initializing', inProgress: !done }] }),
    });
    renderApp('/instances');
    expect(await screen.findByText('Creating')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(stub.callsTo(`POST ${LIST}/status`)).toHaveLength(1);
    expect(stub.callsTo(`POST ${LIST}/status`)[0]?.body).toEqual({ ids: ['ins_2'] });
    done = true;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(statusOf('Staging')).toHaveTextContent('Running'));
    // No longer in progress: no more polling.
    const polls = stub.callsTo(`POST ${LIST}/status`).length;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(stub.callsTo(`POST ${LIST}/status`)).toHaveLength(polls);
  });
});
