import { isBaseRoute, routes } from '@replay/contracts';
import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage';

/** Never remembered: the login screen itself, and reset and invitation links (they carry a token). */
const NOT_REMEMBERED = [routes.login(), routes.resetPassword(), routes.invitation()];

export function rememberPath(pathWithQuery: string): void {
  const path = pathWithQuery.split(/[?#]/)[0] ?? '';
  if (NOT_REMEMBERED.includes(path.replace(/\/+$/, ''))) return;
  writeStored('local', STORAGE_KEYS.lastPath, pathWithQuery);
}

export function readLastPath(): string | null {
  return readStored('local', STORAGE_KEYS.lastPath);
}

export function clearLastPath(): void {
  writeStored('local', STORAGE_KEYS.lastPath, null);
}

/** Where to go after signing in: the remembered path unless it is a base route; it is then forgotten. */
export function takePostLoginPath(): string {
  const stored = readLastPath();
  clearLastPath();
  return stored && stored.startsWith('/') && !stored.startsWith('//') && !isBaseRoute(stored) ? stored : routes.instances();
}
