import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKUP_MESSAGES, TIMINGS_MS, type InstanceBackups } from '@replay/contracts';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { instanceKeys, instanceQueries } from '../api';
import { useEventsWhenSettled } from '../details/settled';
import { backupKeys, backupsApi } from './api';

/** A backup being taken or a restore under way: the list is read again every second until the workflow is done. */
const busy = (data: InstanceBackups | undefined) => Boolean(data && (data.restoringBackupId !== null || data.backups.some((b) => b.status === 'pending')));

/** The instance's backups (the Last Backup card and the Maintenance & Backups tab). */
export function useBackups(instanceId: string, enabled = true) {
  const query = useQuery({
    queryKey: backupKeys.backups(instanceId),
    queryFn: ({ signal }) => backupsApi.read(instanceId, signal),
    enabled,
    refetchInterval: (q) => (busy(q.state.data) ? TIMINGS_MS.storagePoll : false),
  });
  useEventsWhenSettled(instanceId, busy(query.data));
  useReadAgainAfterUpgrade(instanceId);
  return query;
}

/**
 * A version upgrade takes a backup before it changes anything, listed with the others: once
 * the instance (as the details page reads it) leaves `version-upgrading`, the list is read again.
 */
function useReadAgainAfterUpgrade(instanceId: string): void {
  const queryClient = useQueryClient();
  // Only watches the details read the page makes: never fetches it itself.
  const { data: instance } = useQuery({ ...instanceQueries.detail(instanceId), enabled: false });
  const upgrading = instance?.status === 'version-upgrading';
  const wasUpgrading = useRef(upgrading);
  useEffect(() => {
    if (wasUpgrading.current && !upgrading) void queryClient.invalidateQueries({ queryKey: backupKeys.backups(instanceId) });
    wasUpgrading.current = upgrading;
  }, [upgrading, instanceId, queryClient]);
}

function useBackupChange<T>(instanceId: string, run: (arg: T) => Promise<InstanceBackups>, done: string, failed: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (backups) => {
      queryClient.setQueryData(backupKeys.backups(instanceId), backups);
      void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
      notifySuccess(done);
      onDone?.();
    },
    onError: (error) => notifyError(errorMessage(error, failed)),
  });
}

/** POST …/backups: a backup now. */
export const useTakeBackup = (instanceId: string) => useBackupChange(instanceId, () => backupsApi.takeNow(instanceId), BACKUP_MESSAGES.requested, 'The backup could not be started.');

/** POST …/backups/{backupId}/restore, after the member confirmed. */
export const useRestoreBackup = (instanceId: string, onDone: () => void) =>
  useBackupChange(instanceId, (backupId: string) => backupsApi.restore(instanceId, backupId), BACKUP_MESSAGES.restoreRequested, 'The restore could not be started.', onDone);
