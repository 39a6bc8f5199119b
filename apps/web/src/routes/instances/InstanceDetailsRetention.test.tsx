import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { RETENTION_MESSAGES, type Permission, type RetentionRead } from '@replay/contracts';
import { fail, ok, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { DETAILS_API, openDetailsTab } from './details-stub';

const BASE = DETAILS_API;
type Handler = StubResponse | ((req: StubRequest) => StubResponse);
const retention = (days: number | null, pending = false, recentBytes: number | null = null): RetentionRead => ({
  days,
  pending,
  updatedAt: null,
  recent: { days: 10, bytes: recentBytes, measuredAt: recentBytes === null ? null : Date.now() },
});

function open(opts: { permissions?: Permission[]; handlers?: Record<string, Handler> } = {}) {
  return openDetailsTab('maintenance', { ...opts, handlers: { [`GET ${BASE}/config-disk-usage`]: ok(retention(30)), ...opts.handlers } });
}

const card = async () => (await screen.findByText('Data Retention')).closest('.mantine-Card-root') as HTMLElement;

afterEach(() => notifications.clean());

describe('data retention', () => {
  it('shows the days kept on the Data Retention card and as the tab’s choice, the five options of the spec', async () => {
    open();
    expect(await screen.findByRole('tab', { name: 'Maintenance & Backups', selected: true })).toBeInTheDocument();
    const group = await screen.findByRole('radiogroup', { name: 'Keep recordings for' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['unlimited', '90', '30', '20', '7']);
    expect(within(group).getByRole('radio', { name: '30 days' })).toBeChecked();
    expect(within(await card()).getByText('30 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save retention' })).toBeDisabled();
  });

  it('says what the recordings of the last 10 days take once the instance measured them', async () => {
    open({ handlers: { [`GET ${BASE}/config-disk-usage`]: ok(retention(30, false, 12_345_678)) } });
    expect(await screen.findByText('The recordings of the last 10 days take 12.3 MB on the instance.')).toBeInTheDocument();
  });

  it('says nothing of the last 10 days while the instance could not measure them', async () => {
    open();
    expect(await screen.findByRole('radiogroup', { name: 'Keep recordings for' })).toBeInTheDocument();
    expect(screen.queryByText(/The recordings of the last 10 days/)).not.toBeInTheDocument();
  });

  it('saves a longer retention at once, and asks before a shorter one removes recordings', async () => {
    const saved: unknown[] = [];
    const { user } = open({
      handlers: {
        [`POST ${BASE}/config-disk-usage`]: (req) => {
          saved.push(req.body);
          return ok(retention((req.body as { days: number | null }).days, true));
        },
      },
    });
    const group = await screen.findByRole('radiogroup', { name: 'Keep recordings for' });
    await user.click(within(group).getByRole('radio', { name: 'Unlimited' }));
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText(RETENTION_MESSAGES.saved)).toBeInTheDocument();
    expect(saved).toEqual([{ days: null }]);
    // The toast and the card are told apart (the query's observers are notified in a task of
    // their own): the card shows the new retention once its own render has come.
    expect(await within(await card()).findByText('Unlimited')).toBeInTheDocument();
    expect(await within(await card()).findByText(RETENTION_MESSAGES.pending)).toBeInTheDocument();

    await user.click(within(await screen.findByRole('radiogroup', { name: 'Keep recordings for' })).getByRole('radio', { name: '7 days' }));
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shorten the data retention?' });
    expect(dialog).toHaveTextContent('Recordings older than 7 days will be removed from the instance at once. This cannot be undone.');
    expect(saved).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Keep 7 days' }));
    expect(await screen.findAllByText(RETENTION_MESSAGES.saved)).not.toHaveLength(0);
    expect(saved).toEqual([{ days: null }, { days: 7 }]);
  });

  it('says why a save failed under the title', async () => {
    const { user } = open({ handlers: { [`POST ${BASE}/config-disk-usage`]: fail(409, 'This instance has been terminated.') } });
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Keep recordings for' })).getByRole('radio', { name: '90 days' }));
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText(RETENTION_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByText('This instance has been terminated.')).toBeInTheDocument();
  });

  it('lets a member who may only read see it, with nothing to change', async () => {
    open({ permissions: ['VIEW_INSTANCES'] });
    const group = await screen.findByRole('radiogroup', { name: 'Keep recordings for' });
    expect(within(group).getByRole('radio', { name: '90 days' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save retention' })).toBeNull();
  });
});
