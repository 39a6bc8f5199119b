import type { TestApp } from './app';
import { bearer } from './auth';

/** A SCIM token made through the API by an owner (its session's token). */
export async function addScimToken(t: TestApp, ownerJwt: string): Promise<{ token: string; headers: { authorization: string } }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/client/scim/token', headers: bearer(ownerJwt) });
  if (res.statusCode !== 200) throw new Error(`SCIM token: ${res.statusCode} ${res.body}`);
  const token = res.json().data.token as string;
  return { token, headers: bearer(token) };
}

/** A SCIM call as an identity provider makes it: Bearer token, `application/scim+json` body. */
export function scimCall(t: TestApp, headers: { authorization: string }, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  return t.app.inject({
    method,
    url: `/api/scim/v2${path}`,
    headers: { ...headers, accept: 'application/scim+json', ...(body !== undefined && { 'content-type': 'application/scim+json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
}
