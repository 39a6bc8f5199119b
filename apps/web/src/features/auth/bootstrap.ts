import { refreshAccessToken, tokenStore } from '../../lib/api';
import { hasSessionHint } from './session-hint';
import type { SessionParams } from './url-params';

/**
 * Opens the session once per page load: a handed-over `jwt` when not signed
 * in, else the refresh cookie (which restores a session across reloads) when the
 * server's session hint says there is one: a visit without a session calls nothing.
 * Call it once, outside React: the refresh cookie is single use.
 */
export async function bootstrapSession(params: SessionParams): Promise<void> {
  if (tokenStore.get()) return;
  if (params.jwt) {
    tokenStore.set(params.jwt);
    return;
  }
  if (hasSessionHint()) await refreshAccessToken();
}
