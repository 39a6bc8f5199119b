import { endpoints, type CleanupDays } from '@replay/contracts';
import { call } from '../../../lib/api';

/** Manage Disk's calls (spec section 7: disk-upgrade, cleanup, last-cleanup, and what each cleanup age would free). */
export const diskKeys = {
  instance: (id: string) => ['disk', id] as const,
  lastCleanup: (id: string) => ['disk', id, 'last-cleanup'] as const,
  preview: (id: string) => ['disk', id, 'cleanup-preview'] as const,
};

const about = (id: string) => ({ params: { id } });

export const diskApi = {
  upgrade: (id: string, diskSize: number) => call(endpoints.diskUpgrade, { ...about(id), body: { diskSize } }),
  cleanup: (id: string, days: CleanupDays) => call(endpoints.cleanup, { ...about(id), body: { days } }),
  lastCleanup: (id: string, signal?: AbortSignal) => call(endpoints.lastCleanup, about(id), { signal }),
  preview: (id: string, signal?: AbortSignal) => call(endpoints.cleanupPreview, about(id), { signal }),
};
