import { ApiError } from './errors';
import { refreshAccessToken, runAuthFailure } from './client';
import { tokenStore } from './token-store';

async function errorOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { errors?: unknown } | null;
  const messages = Array.isArray(body?.errors) ? body.errors.filter((m): m is string => typeof m === 'string') : [];
  return new ApiError(res.status, messages);
}

/**
 * GET of a file under the API (an invoice's PDF, the signed audit export), as a Blob.
 * `url` must be a path of this origin under the API: the request carries the bearer
 * token. The typed client only parses `{ data }` JSON, so this sends the same token
 * itself and, like the client, renews it once on a 401 before giving up on the session.
 */
export async function fetchApiFile(url: string): Promise<Blob> {
  const send = (token: string | null) =>
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' }).catch(() => {
      throw new ApiError(0, []);
    });
  let res = await send(tokenStore.get());
  if (res.status === 401) {
    const renewed = await refreshAccessToken();
    if (renewed) res = await send(renewed);
    if (res.status === 401) runAuthFailure();
  }
  if (!res.ok) throw await errorOf(res);
  return res.blob();
}
