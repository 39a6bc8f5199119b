import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { BACKUP_MESSAGES, backupKindLabel, formatBytes, type InstanceBackup, type InstanceBackups } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/list/DataTable';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format-date';
import { SettingTitle } from '../details/SettingTitle';
import { useBackups, useRestoreBackup, useTakeBackup } from './hooks';

interface Props {
  instanceId: string;
  /** The member may change the instance (EDIT_INSTANCES); others see the list only. */
  canEdit: boolean;
  /** Backups are taken from, and restored into, a running instance. */
  running: boolean;
}

const COLUMNS = ['Taken', 'Type', 'Size', 'Status'] as const;

function statusOf(backup: InstanceBackup, restoring: boolean): { label: string; color: string } {
  if (restoring) return { label: 'Restoring…', color: 'blue' };
  switch (backup.status) {
    case 'pending':
      return { label: 'Being taken…', color: 'blue' };
    case 'failed':
      return { label: 'Failed', color: 'red' };
    default:
      return { label: 'Kept', color: 'green' };
  }
}

/** The Maintenance & Backups tab's backups: the schedule, a backup now, the list, and a restore after a confirmation. */
export function BackupsSection({ instanceId, canEdit, running }: Props) {
  const backups = useBackups(instanceId);
  if (backups.isError && !backups.data) {
    return <LoadError message={withServerReason('The backups could not be loaded.', backups.error)} onRetry={() => void backups.refetch()} />;
  }
  if (!backups.data) return <Spinner label="Loading the backups" />;
  return <BackupsList instanceId={instanceId} data={backups.data} canEdit={canEdit} running={running} />;
}

function BackupsList({ instanceId, data, canEdit, running }: { instanceId: string; data: InstanceBackups; canEdit: boolean; running: boolean }) {
  const [chosen, setChosen] = useState<InstanceBackup | null>(null);
  const take = useTakeBackup(instanceId);
  const restore = useRestoreBackup(instanceId, () => setChosen(null));
  const taking = data.backups.some((b) => b.status === 'pending');
  const { schedule } = data;
  const plan = schedule.enabled
    ? `A backup of the instance is taken every day around ${schedule.timeUtc} UTC while it runs.`
    : 'Daily backups are switched off on this console; take one whenever you need it.';

  return (
    <Stack gap="sm">
      <SettingTitle title="Backups" pending={taking || data.restoringBackupId !== null} pendingText={taking ? 'Taking a backup…' : 'Restoring a backup…'} />
      <Text size="sm" c="dimmed">
        {`${plan} Backups are kept for ${schedule.retentionDays} days.`}
      </Text>
      {canEdit && (
        <Group>
          <Button variant="default" disabled={!running || taking} loading={take.isPending} onClick={() => take.mutate(undefined)}>
            Back up now
          </Button>
          {!running && (
            <Text size="sm" c="dimmed">
              {BACKUP_MESSAGES.notRunningToBackUp}
            </Text>
          )}
        </Group>
      )}
      {data.backups.length === 0 ? (
        <Text size="sm" data-testid="no-backups">
          No backups yet.
        </Text>
      ) : (
        <DataTable label="Backups" columns={COLUMNS} actions={canEdit}>
          {data.backups.map((b) => {
            const status = statusOf(b, data.restoringBackupId === b.backupId);
            const when = formatDateTime(b.takenAt ?? b.createdAt);
            return (
              <Table.Tr key={b.backupId}>
                <Table.Td>{when}</Table.Td>
                <Table.Td>{backupKindLabel(b.kind)}</Table.Td>
                <Table.Td>{b.bytes === null ? '—' : formatBytes(b.bytes)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={status.color} title={b.failure ?? undefined}>
                    {status.label}
                  </Badge>
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    {b.status === 'done' && (
                      <Button size="xs" variant="subtle" disabled={!running || data.restoringBackupId !== null} onClick={() => setChosen(b)} aria-label={`Restore the backup of ${when}`}>
                        Restore
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
      <ConfirmDialog
        opened={chosen !== null}
        title="Restore this backup?"
        confirmLabel="Restore backup"
        danger
        loading={restore.isPending}
        onConfirm={() => chosen && restore.mutate(chosen.backupId)}
        onCancel={() => setChosen(null)}
      >
        {chosen ? `${BACKUP_MESSAGES.restoreConfirm} Backup taken ${formatDateTime(chosen.takenAt ?? chosen.createdAt)}.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
