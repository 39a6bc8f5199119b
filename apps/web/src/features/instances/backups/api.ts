import { endpoints } from '@replay/contracts';
import { call } from '../../../lib/api';

/** An instance's backups: the list, taking one now, restoring one. */
export const backupKeys = {
  backups: (id: string) => ['instance-backups', id] as const,
};

const about = (id: string) => ({ params: { id } });

export const backupsApi = {
  read: (id: string, signal?: AbortSignal) => call(endpoints.backups, about(id), { signal }),
  takeNow: (id: string) => call(endpoints.takeBackup, about(id)),
  restore: (id: string, backupId: string) => call(endpoints.restoreBackup, { params: { id, backupId } }),
};
