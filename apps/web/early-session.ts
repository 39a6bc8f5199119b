import { API_PREFIX, SESSION_HINT_COOKIE, authEndpoints, endpointPath } from '@replay/contracts';
import { REFRESH_LOCK } from './src/lib/api/early-refresh';
import { contentFileName } from './after-first-paint';

/**
 * index.html with the early-session script (page-scripts/early-session.js) ahead of the module entry,
 * as an async classic script: it runs as soon as it arrives, long before the entry has.
 * The prerendered public pages do without it (a visit without a session).
 */
export function withEarlySession(html: string, scriptUrl: string): string {
  const entry = html.indexOf('<script type="module"');
  if (entry < 0) throw new Error('index.html has no module entry script to put the early session before');
  const data = `data-hint="${SESSION_HINT_COOKIE}" data-refresh="${API_PREFIX}${endpointPath(authEndpoints.refresh)}" data-lock="${REFRESH_LOCK}"`;
  return `${html.slice(0, entry)}<script async src="${scriptUrl}" ${data}></script>\n    ${html.slice(entry)}`;
}

export const earlySessionFileName = (source: string) => contentFileName('early-session', source);
