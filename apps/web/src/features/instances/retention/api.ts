import { endpoints, type RetentionDays } from '@replay/contracts';
import { call } from '../../../lib/api';

/** Data retention's calls (spec section 7's `GET and POST …/config-disk-usage`). */
export const retentionKeys = {
  all: ['retention'] as const,
  retention: (id: string) => ['retention', id] as const,
};

const about = (id: string) => ({ params: { id } });

export const retentionApi = {
  read: (id: string, signal?: AbortSignal) => call(endpoints.retention, about(id), { signal }),
  save: (id: string, days: RetentionDays) => call(endpoints.saveRetention, { ...about(id), body: { days } }),
  /** POST /managed-saas/config-disk-usage: every instance of the account at once. */
  saveForAccount: (days: RetentionDays) => call(endpoints.saveAccountRetention, { body: { days } }),
};
