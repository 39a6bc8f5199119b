import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MONITORING_MESSAGES, type Graphs, type Statistics } from '@replay/contracts';
import { fail, ok, stubSignedIn, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { agentHealth, makeInstance, queriesTo } from '../../features/instances/test-fixtures';
import { monitoringKeys } from '../../features/instances/monitoring/api';
import { formatDateTime } from '../../lib/format-date';

const BASE = '/api/managed-saas/instances/ins_1';
const NOW_MS = Date.UTC(2026, 0, 1, 12, 0, 30);
const NOW = Math.floor(NOW_MS / 1000);
type Handler = StubResponse | ((req: StubRequest) => StubResponse);

function graphs(start: number, end: number, step: number): Graphs {
  const t = Math.floor(end / step) * step;
  // Two points with a stopped minute between them.
  return {
    start,
    end,
    step,
    cpu: [
      [t - 2 * step, 12],
      [t, 30],
    ],
    memory: [
      [t - 2 * step, 40],
      [t, 41],
    ],
    disk: [
      [t - 2 * step, 55],
      [t, 55],
    ],
    network: [[t, 3000]],
    networkIn: [[t, 1000]],
    networkOut: [[t, 2000]],
  };
}

const answerGraphs: Handler = (req) => {
  const q = new URLSearchParams(req.search);
  return ok(graphs(Number(q.get('start')), Number(q.get('end')), Number(q.get('step'))));
};

function open(statistics: Handler, path = '/instances/ins_1', graphsHandler: Handler = answerGraphs) {
  const stub = stubSignedIn(makeAccount(), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/health': { status: 200, body: agentHealth },
    [`GET ${BASE}`]: ok(makeInstance()),
    [`GET ${BASE}/user-activity`]: ok({ events: [], total: 0 }),
    [`GET ${BASE}/statistics`]: statistics,
    [`GET ${BASE}/graphs`]: graphsHandler,
  });
  const { queryClient } = renderApp(path);
  return { stub, queryClient, user: userEvent.setup() };
}

const stats = (s: Partial<Statistics>): StubResponse => ok({ cpu: 12.4, memory: 80, disk: 79.9, sampledAt: NOW_MS - 20_000, diskAlert: null, diskFullInDays: null, ...s });
const card = (title: string) => document.querySelector<HTMLElement>(`[data-usage="${title}"]`)!;

/** uPlot draws on a canvas, which jsdom does not implement: a 2D context and paths whose every method does nothing. */
function stubCanvas() {
  const noop = () => undefined;
  vi.stubGlobal(
    'Path2D',
    class {
      constructor() {
        return new Proxy(this, { get: () => noop });
      }
    },
  );
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : key === 'measureText' ? () => ({ width: 10 }) : () => undefined),
    set: (target, key, value) => ((target[key] = value), true),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
}

beforeEach(() => {
  // Only the clock's date is fixed: timers stay real, so the screen's waits still run.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
  stubCanvas();
});
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe('instance details: monitoring', () => {
  it('shows CPU, Memory and Disk usage as percentages, with the bar red at 80 % or more', async () => {
    open(stats({}));
    await waitFor(() => expect(card('CPU')).toHaveTextContent('12.4 %'));
    expect(card('Memory')).toHaveTextContent('80.0 %');
    expect(card('Disk usage')).toHaveTextContent('79.9 %');
    const bar = (title: string) => within(card(title)).getByRole('progressbar', { name: `${title} usage` });
    expect(bar('CPU')).toHaveAttribute('aria-valuenow', '12.4');
    expect(card('CPU')).not.toHaveAttribute('data-alert');
    expect(card('Memory')).toHaveAttribute('data-alert', 'true');
    expect(bar('Memory').getAttribute('style')).toContain('red');
    expect(bar('CPU').getAttribute('style')).not.toContain('red');
    expect(card('Disk usage')).not.toHaveAttribute('data-alert');
  });

  it("says 'No data yet' before the first sample, not 0 %", async () => {
    open(ok({ cpu: null, memory: null, disk: null, sampledAt: null, diskAlert: null, diskFullInDays: null }));
    await waitFor(() => expect(card('CPU')).toHaveTextContent('No data yet'));
    expect(card('Disk usage')).toHaveTextContent('No data yet');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('reads the graphs and the statistics again every 60 s', async () => {
    // Timers fake too, running with real time so the screen's waits still run.
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW_MS });
    const { stub } = open(stats({}), '/instances/ins_1?tab=monitoring');
    const graphReads = () => stub.callsTo(`GET ${BASE}/graphs`).length;
    const statisticsReads = () => stub.callsTo(`GET ${BASE}/statistics`).length;
    await waitFor(() => expect(graphReads()).toBe(1));
    await waitFor(() => expect(statisticsReads()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(graphReads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(graphReads()).toBe(2));
    expect(statisticsReads()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(graphReads()).toBe(3));
    expect(statisticsReads()).toBe(3);
  });

  it('opens on the Monitoring tab with four labelled charts, and asks for the chosen window with its step', async () => {
    const { stub, user } = open(stats({}));
    expect(await screen.findByRole('tab', { name: 'Monitoring' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['CPU', 'Memory', 'Disk', 'Network']) expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    expect(locationNow()).toBe('/instances/ins_1');
    expect(queriesTo(stub, `${BASE}/graphs`).at(-1)).toEqual({ start: String(NOW - 3600), end: String(NOW), step: '60' });
    // The canvas says nothing: each chart has its summary in words, the gap counted as points without data.
    expect(screen.getByText(/^CPU: latest 30\.0 % at .+; over the last 1 hour from 12\.0 % to 30\.0 %, 2 of 61 points with data\.$/)).toBeInTheDocument();
    expect(screen.getByText(/Network In: latest 1 kB\/s/)).toBeInTheDocument();

    const steps: Record<string, [number, number]> = { '2 hours': [7200, 60], '1 day': [86_400, 300], '7 days': [604_800, 600] };
    for (const [label, [seconds, step]] of Object.entries(steps)) {
      await user.click(screen.getByRole('radio', { name: label }));
      await waitFor(() => expect(queriesTo(stub, `${BASE}/graphs`).at(-1)).toEqual({ start: String(NOW - seconds), end: String(NOW), step: String(step) }));
    }
    expect(locationNow()).toBe('/instances/ins_1?range=7d');
  });

  it('shows each series’ latest value and its time in the legend while the pointer is away from the chart', async () => {
    open(stats({}));
    const legendOf = async (title: string) => {
      const chart = (await screen.findByRole('heading', { name: title })).closest('section')!;
      await waitFor(() => expect(chart.querySelector('.u-legend')).not.toBeNull());
      return [...chart.querySelectorAll('.u-legend .u-series')].map((row) => [row.querySelector('.u-label')?.textContent, row.querySelector('.u-value')?.textContent]);
    };
    // The newest point of each series (the graphs' answer ends on a sample), not uPlot's "no data" for no hovered index.
    const newest = Math.floor(NOW / 60) * 60;
    const at = `latest, ${formatDateTime(newest * 1000)}`;
    expect(await legendOf('CPU')).toEqual([
      ['Time', at],
      ['CPU', '30.0 %'],
    ]);
    expect(await legendOf('Disk')).toEqual([
      ['Time', at],
      ['Disk', '55.0 %'],
    ]);
    expect(await legendOf('Network')).toEqual([
      ['Time', at],
      ['In', '1 kB/s'],
      ['Out', '2 kB/s'],
    ]);
  });

  it('keeps the tab and the window of the address on a reload', async () => {
    const { stub } = open(stats({}), '/instances/ins_1?tab=monitoring&range=1d');
    expect(await screen.findByRole('heading', { name: 'Network' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Monitoring' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: '1 day' })).toBeChecked();
    expect(queriesTo(stub, `${BASE}/graphs`)).toEqual([{ start: String(NOW - 86_400), end: String(NOW), step: '300' }]);
  });

  it('says when the window has no samples at all', async () => {
    open(stats({}), '/instances/ins_1?tab=monitoring', (req) => {
      const q = new URLSearchParams(req.search);
      return ok({ ...graphs(Number(q.get('start')), Number(q.get('end')), 60), cpu: [], memory: [], disk: [], network: [], networkIn: [], networkOut: [] });
    });
    expect(await screen.findByText('No samples in the last 1 hour. The console samples a running instance every minute.')).toBeInTheDocument();
    expect(screen.getAllByText('No data in the last 1 hour.')).toHaveLength(4);
  });

  it(`toasts '${MONITORING_MESSAGES.statisticsFailed}' once for a failure of either call`, async () => {
    const { user } = open(fail(500), '/instances/ins_1', () => fail(500));
    expect(await screen.findByText(MONITORING_MESSAGES.statisticsFailed)).toBeInTheDocument();
    // The graphs fail as well: the same streak, no second toast.
    await user.click(screen.getByRole('tab', { name: 'Monitoring' }));
    expect(await screen.findByText(/The graphs could not be loaded/)).toBeInTheDocument();
    expect(screen.getAllByText(MONITORING_MESSAGES.statisticsFailed)).toHaveLength(1);
  });

  it('toasts again only after a success ended the failure streak', async () => {
    let answer: StubResponse = fail(500);
    const { stub, queryClient } = open(() => answer);
    const refetch = async () => {
      const before = stub.callsTo(`GET ${BASE}/statistics`).length;
      // Stands for the 60-s refetch.
      await queryClient.refetchQueries({ queryKey: monitoringKeys.statistics('ins_1') });
      await waitFor(() => expect(stub.callsTo(`GET ${BASE}/statistics`).length).toBeGreaterThan(before));
    };
    expect(await screen.findByText(MONITORING_MESSAGES.statisticsFailed)).toBeInTheDocument();
    notifications.clean();
    await waitFor(() => expect(screen.queryByText(MONITORING_MESSAGES.statisticsFailed)).toBeNull());

    await refetch();
    expect(screen.queryByText(MONITORING_MESSAGES.statisticsFailed)).toBeNull();

    answer = stats({});
    await refetch();
    await waitFor(() => expect(card('CPU')).toHaveTextContent('12.4 %'));

    answer = fail(500);
    await refetch();
    expect(await screen.findByText(MONITORING_MESSAGES.statisticsFailed)).toBeInTheDocument();
  });
});
