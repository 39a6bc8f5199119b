import { endpoints, type SsoBody } from '@replay/contracts';
import { call } from '../../../lib/api';

/** The SSO tab's calls (spec section 7's `GET and POST …/config-sso`, and turning it off). */
export const ssoKeys = {
  sso: (id: string) => ['instance-sso', id] as const,
};

const about = (id: string) => ({ params: { id } });

export const ssoApi = {
  read: (id: string, signal?: AbortSignal) => call(endpoints.ssoConfig, about(id), { signal }),
  save: (id: string, body: SsoBody) => call(endpoints.saveSsoConfig, { ...about(id), body }),
  remove: (id: string) => call(endpoints.removeSsoConfig, about(id)),
};
