import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { BACKUP_MESSAGES, type InstanceBackup, type InstanceBackups, type Permission } from '@replay/contracts';
import { fail, ok, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { DETAILS_API, openDetailsTab } from './details-stub';

const BASE = DETAILS_API;
type Handler = StubResponse | ((req: StubRequest) => StubResponse);
const TAKEN = Date.UTC(2026, 10, 23, 23, 45, 12);
const backup = (over: Partial<InstanceBackup> = {}): InstanceBackup => ({
  backupId: '11111111-1111-4111-8111-111111111111',
  kind: 'daily',
  status: 'done',
  createdAt: TAKEN,
  takenAt: TAKEN,
  bytes: 1_500_000,
  failure: null,
  ...over,
});
const answer = (backups: InstanceBackup[], restoringBackupId: string | null = null): InstanceBackups => ({
  backups,
  schedule: { enabled: true, timeUtc: '23:45', retentionDays: 7 },
  restoringBackupId,
  lastBackupAt: backups.find((b) => b.status === 'done')?.takenAt ?? null,
});

function open(opts: { permissions?: Permission[]; handlers?: Record<string, Handler>; status?: 'running' | 'stopped'; backups?: InstanceBackup[] } = {}) {
  return openDetailsTab('maintenance', {
    permissions: opts.permissions,
    instance: { status: opts.status ?? 'running' },
    handlers: { [`GET ${BASE}/backups`]: ok(answer(opts.backups ?? [])), ...opts.handlers },
  });
}

const card = async () => (await screen.findByText('Last Backup')).closest('.mantine-Card-root') as HTMLElement;

afterEach(() => notifications.clean());

describe('backups', () => {
  it('says when backups are taken and kept, that there is none yet, and the Last Backup card agrees', async () => {
    open();
    expect(await screen.findByText('A backup of the instance is taken every day around 23:45 UTC while it runs. Backups are kept for 7 days.')).toBeInTheDocument();
    expect(screen.getByTestId('no-backups')).toHaveTextContent('No backups yet.');
    expect(within(await card()).getByText('No backup yet')).toBeInTheDocument();
  });

  it('takes one now: the request, a toast, and the new backup shown as being taken', async () => {
    const posted: string[] = [];
    const { user } = open({
      handlers: {
        [`POST ${BASE}/backups`]: () => {
          posted.push('backup');
          return ok(answer([backup({ kind: 'manual', status: 'pending', takenAt: null, bytes: null })]));
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText(BACKUP_MESSAGES.requested)).toBeInTheDocument();
    expect(posted).toEqual(['backup']);
    const table = screen.getByRole('table', { name: 'Backups' });
    expect(within(table).getByText('On demand')).toBeInTheDocument();
    expect(within(table).getByText('Being taken…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
  });

  it('lists backups with their size and restores one only after a confirmation', async () => {
    const restored: string[] = [];
    const { user } = open({
      backups: [backup()],
      handlers: {
        [`POST ${BASE}/backups/11111111-1111-4111-8111-111111111111/restore`]: () => {
          restored.push('restore');
          return ok(answer([backup()], '11111111-1111-4111-8111-111111111111'));
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Backups' });
    expect(within(table).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(table).getByText('Daily')).toBeInTheDocument();
    expect(within(await card()).queryByText('No backup yet')).toBeNull();
    await user.click(within(table).getByRole('button', { name: /^Restore the backup of / }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' });
    expect(dialog).toHaveTextContent(BACKUP_MESSAGES.restoreConfirm);
    expect(restored).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore backup' }));
    expect(await screen.findByText(BACKUP_MESSAGES.restoreRequested)).toBeInTheDocument();
    expect(restored).toEqual(['restore']);
    expect(await within(table).findByText('Restoring…')).toBeInTheDocument();
  });

  it('lists the backup a version upgrade took as "Before upgrade", counted in Last Backup and restorable', async () => {
    open({ backups: [backup({ kind: 'upgrade' })] });
    const table = await screen.findByRole('table', { name: 'Backups' });
    expect(within(table).getByText('Before upgrade')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^Restore the backup of / })).toBeEnabled();
    expect(within(await card()).queryByText('No backup yet')).toBeNull();
  });

  it('says why a request was refused', async () => {
    const { user } = open({ handlers: { [`POST ${BASE}/backups`]: fail(409, BACKUP_MESSAGES.alreadyTaking) } });
    await user.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText(BACKUP_MESSAGES.alreadyTaking)).toBeInTheDocument();
  });

  it('offers nothing to take or restore while the instance is stopped, and says why', async () => {
    open({ status: 'stopped', backups: [backup()] });
    expect(await screen.findByRole('button', { name: 'Back up now' })).toBeDisabled();
    expect(screen.getByText(BACKUP_MESSAGES.notRunningToBackUp)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Restore the backup of / })).toBeDisabled();
  });

  it('lets a member who may only read see the list, with nothing to change', async () => {
    open({ permissions: ['VIEW_INSTANCES'], backups: [backup()] });
    expect(await screen.findByRole('table', { name: 'Backups' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back up now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Restore/ })).toBeNull();
  });
});
