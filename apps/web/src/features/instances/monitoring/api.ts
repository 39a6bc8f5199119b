import { endpoints } from '@replay/contracts';
import { call } from '../../../lib/api';
import type { GraphWindow } from './ranges';

/** The monitoring calls of spec section 7 and their query keys (one root per instance, so a failure streak is seen across both calls). */
export const monitoringKeys = {
  instance: (id: string) => ['monitoring', id] as const,
  statistics: (id: string) => ['monitoring', id, 'statistics'] as const,
  graphs: (id: string, range: string) => ['monitoring', id, 'graphs', range] as const,
};

export const monitoringApi = {
  statistics: (id: string, signal?: AbortSignal) => call(endpoints.statistics, { params: { id } }, { signal }),
  graphs: (id: string, window: GraphWindow, signal?: AbortSignal) => call(endpoints.graphs, { params: { id }, query: window }, { signal }),
};
