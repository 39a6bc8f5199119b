import { endpoints } from '@replay/contracts';
import { call } from '../../../lib/api';

/** The maintenance window's calls (spec section 7's `POST …/maintenance-window`, and its read). */
export const maintenanceKeys = {
  window: (id: string) => ['maintenance-window', id] as const,
};

const about = (id: string) => ({ params: { id } });

export const maintenanceApi = {
  read: (id: string, signal?: AbortSignal) => call(endpoints.maintenanceWindow, about(id), { signal }),
  save: (id: string, cron: string) => call(endpoints.saveMaintenanceWindow, { ...about(id), body: { cron } }),
};
