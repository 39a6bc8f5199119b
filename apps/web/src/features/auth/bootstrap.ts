import { refreshAccessToken, tokenStore } from '../../lib/api';
import type { SessionParams } from './url-params';

/**
 * Opens the session once per page load: a handed-over `jwt` when not signed
 * in, else the refresh cookie (which restores a session across reloads).
 * Call it once, outside React: the refresh cookie is single use.
 */
export async function bootstrapSession(params: SessionParams): Promise<void> {
  if (tokenStore.get()) return;
  if (params.jwt) {
    tokenStore.set(params.jwt);
    return;
  }
  await refreshAccessToken();
}
