import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MAINTENANCE_MESSAGES, maintenanceFields, type MaintenanceWindow, type Permission } from '@replay/contracts';
import { fail, ok, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { DETAILS_API, openDetailsTab } from './details-stub';
import { formatDateTime } from '../../lib/format-date';

const BASE = DETAILS_API;
type Handler = StubResponse | ((req: StubRequest) => StubResponse);
const NEXT = Date.UTC(2026, 11, 7, 0, 0);
const window = (cron: string, nextWindowAt = NEXT): MaintenanceWindow => ({ cron, ...maintenanceFields(cron)!, nextWindowAt, updatedAt: null });

function open(opts: { permissions?: Permission[]; handlers?: Record<string, Handler> } = {}) {
  return openDetailsTab('maintenance', { ...opts, handlers: { [`GET ${BASE}/maintenance-window`]: ok(window('0 0 * * 1')), ...opts.handlers } });
}

const card = async () => (await screen.findByText('Upcoming Maintenance')).closest('.mantine-Card-root') as HTMLElement;

afterEach(() => notifications.clean());

describe('the maintenance window', () => {
  it('shows the next window on the Upcoming Maintenance card in the user’s time, and the rule in UTC', async () => {
    open();
    const c = await card();
    expect(await within(c).findByText(formatDateTime(NEXT))).toBeInTheDocument();
    expect(within(c).getByText('Every Monday, 12:00 AM UTC')).toBeInTheDocument();
    expect(await screen.findByText(`Next window: ${formatDateTime(NEXT)} (your time)`)).toBeInTheDocument();
  });

  it('makes the cron from frequency, day, hour, minute and meridiem, and saves it', async () => {
    const saved: unknown[] = [];
    const { user } = open({
      handlers: {
        [`POST ${BASE}/maintenance-window`]: (req) => {
          saved.push(req.body);
          return ok(window((req.body as { cron: string }).cron, NEXT + 3_600_000));
        },
      },
    });
    const save = await screen.findByRole('button', { name: 'Save window' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Day' }));
    await user.click(await screen.findByRole('option', { name: 'Saturday' }));
    await user.click(screen.getByRole('textbox', { name: 'Hour' }));
    await user.click(await screen.findByRole('option', { name: '3' }));
    await user.click(screen.getByRole('textbox', { name: 'AM/PM' }));
    await user.click(await screen.findByRole('option', { name: 'PM' }));
    await user.click(save);
    expect(await screen.findByText(MAINTENANCE_MESSAGES.saved)).toBeInTheDocument();
    expect(saved).toEqual([{ cron: '0 15 * * 6' }]);
    expect(await within(await card()).findByText('Every Saturday, 3:00 PM UTC')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Every day' }));
    expect(screen.queryByRole('textbox', { name: 'Day' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save window' }));
    await within(await card()).findByText('Every day, 3:00 PM UTC');
    expect(saved).toEqual([{ cron: '0 15 * * 6' }, { cron: '0 15 * * *' }]);
  });

  it('previews when a changed, unsaved window would next open, and the saved one again once changed back', async () => {
    const { user } = open();
    expect(await screen.findByText(`Next window: ${formatDateTime(NEXT)} (your time)`)).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Day' }));
    await user.click(await screen.findByRole('option', { name: 'Saturday' }));
    await user.click(screen.getByRole('textbox', { name: 'Hour' }));
    await user.click(await screen.findByRole('option', { name: '3' }));
    await user.click(screen.getByRole('textbox', { name: 'AM/PM' }));
    await user.click(await screen.findByRole('option', { name: 'PM' }));
    // Saturday 15:00 UTC, the next one after now, reckoned by hand.
    const now = new Date();
    const saturday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((6 - now.getUTCDay() + 7) % 7), 15, 0);
    const expected = saturday > now.getTime() ? saturday : saturday + 7 * 86_400_000;
    expect(await screen.findByText(`Next window once saved: ${formatDateTime(expected)} (your time)`)).toBeInTheDocument();
    expect(screen.queryByText(`Next window: ${formatDateTime(NEXT)} (your time)`)).toBeNull();

    await user.click(screen.getByRole('textbox', { name: 'Day' }));
    await user.click(await screen.findByRole('option', { name: 'Monday' }));
    await user.click(screen.getByRole('textbox', { name: 'Hour' }));
    await user.click(await screen.findByRole('option', { name: '12' }));
    await user.click(screen.getByRole('textbox', { name: 'AM/PM' }));
    await user.click(await screen.findByRole('option', { name: 'AM' }));
    expect(await screen.findByText(`Next window: ${formatDateTime(NEXT)} (your time)`)).toBeInTheDocument();
  });

  it('says why a save failed, under the title', async () => {
    const { user } = open({ handlers: { [`POST ${BASE}/maintenance-window`]: fail(409, 'This instance has been terminated.') } });
    await user.click(await screen.findByRole('textbox', { name: 'Hour' }));
    await user.click(await screen.findByRole('option', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Save window' }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByText('This instance has been terminated.')).toBeInTheDocument();
  });

  it('shows a member who may only read the window, with nothing to save', async () => {
    open({ permissions: ['VIEW_INSTANCES'] });
    expect(await screen.findByText(`Next window: ${formatDateTime(NEXT)} (your time)`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save window' })).toBeNull();
  });
});
