import { endpoints, type AccessListBody } from '@replay/contracts';
import { call } from '../../../lib/api';

/** The Network access tab's calls: the list, its save and the address tester. */
export const accessListKeys = {
  list: (id: string) => ['instance-access-list', id] as const,
};

const about = (id: string) => ({ params: { id } });

export const accessListApi = {
  read: (id: string, signal?: AbortSignal) => call(endpoints.accessList, about(id), { signal }),
  save: (id: string, body: AccessListBody) => call(endpoints.saveAccessList, { ...about(id), body }),
  check: (id: string, address: string) => call(endpoints.accessCheck, { ...about(id), body: { address } }),
};
