import { DAY_MS, type Permission } from '@replay/contracts';
import type { TestApp } from './app';
import { bearer } from './auth';

export interface TestKey {
  keyId: string;
  roleId: string;
  secret: string;
  headers: { authorization: string };
}

let seq = 0;

/**
 * An API key made through the API by `creatorJwt`'s holder, holding a new role of the
 * given permissions and instances (or `roleId`), expiring in 30 days unless told.
 */
export async function addApiKey(
  t: TestApp,
  creatorJwt: string,
  opts: { permissions?: readonly Permission[]; allInstances?: boolean; instances?: string[]; roleId?: string; ipAccessList?: string[]; expiresAt?: number; name?: string } = {},
): Promise<TestKey> {
  seq += 1;
  let roleId = opts.roleId;
  if (!roleId) {
    const role = await t.app.inject({
      method: 'PUT',
      url: '/api/client/roles',
      headers: bearer(creatorJwt),
      payload: { name: `Key role ${seq} ${Date.now()}`, permissions: opts.permissions ?? [], allInstances: opts.allInstances ?? true, instances: opts.instances ?? [] },
    });
    if (role.statusCode !== 201 && role.statusCode !== 200) throw new Error(`role: ${role.statusCode} ${role.body}`);
    roleId = role.json().data.roleId as string;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/client/api-keys',
    headers: bearer(creatorJwt),
    payload: { name: opts.name ?? `Key ${seq}`, roleId, expiresAt: opts.expiresAt ?? t.clock.now().getTime() + 30 * DAY_MS, ipAccessList: opts.ipAccessList ?? [] },
  });
  if (res.statusCode !== 201) throw new Error(`api key: ${res.statusCode} ${res.body}`);
  const { key, secret } = res.json().data as { key: { keyId: string }; secret: string };
  return { keyId: key.keyId, roleId, secret, headers: bearer(secret) };
}
