import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { HttpError, readBody } from './http.ts';
import type { AgentState } from './state.ts';

/**
 * The instance's own origin, and the HTML forms posted to it.
 *
 * The agent has no setting for its public URL: a person reaches it at the
 * http://localhost:PORT the console links to (or 127.0.0.1). The origin is
 * therefore read from the request's Host, but only a loopback name (or the
 * address the agent listens on) with the port the connection really came in on
 * is believed; anything else (a forged Host, a DNS-rebinding name) is answered
 * as http://localhost:PORT. SAML's entity id and ACS URL, and the Origin check
 * of forms, all rest on this one answer.
 */

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

function trustedHostname(hostname: string, listenHost: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare === '::1') return true;
  if (isIP(bare) === 4 && bare.startsWith('127.')) return true;
  return !WILDCARD_HOSTS.has(listenHost) && bare === listenHost.replace(/^\[|\]$/g, '');
}

export function instanceOrigin(req: IncomingMessage, state: AgentState): string {
  const port = String(req.socket.localPort ?? state.settings.port);
  const fallback = `http://localhost:${port}`;
  const host = req.headers.host;
  if (!host) return fallback;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return fallback;
  }
  if (url.username || url.password || url.pathname !== '/' || (url.port || '80') !== port) return fallback;
  return trustedHostname(url.hostname, state.settings.host) ? url.origin : fallback;
}

/**
 * Whether a form post comes from the instance's own pages: an Origin header, when
 * the browser sends one, must be the instance's origin (a cross-site form, or the
 * opaque "null", is refused). SameSite=Lax already keeps the session cookie off
 * cross-site posts; this also covers the sign-in form, which carries no cookie.
 */
export function fromOwnPage(req: IncomingMessage, state: AgentState): boolean {
  const origin = req.headers.origin;
  return origin === undefined || origin === instanceOrigin(req, state);
}

/** A form's fields (application/x-www-form-urlencoded), refused (413) above `limit` bytes. */
export async function readForm(req: IncomingMessage, limit: number): Promise<URLSearchParams> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new HttpError(415, 'Expected a form (application/x-www-form-urlencoded)');
  return new URLSearchParams((await readBody(req, limit, 'Form')).toString('utf8'));
}
