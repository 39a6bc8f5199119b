import type { IncomingMessage, ServerResponse } from 'node:http';
import { admitsAddress, matchingEntry, plainAddress } from '@replay/agent-protocol/addresses';
import { ADMIN_ROUTES, HEALTH_ROUTE } from '@replay/agent-protocol/plain';
import { bearerToken, sendHtml, sendJson } from './http.ts';
import { escape, layout } from './pages.ts';
import { verifyConsoleToken } from './tokens.ts';

/**
 * The instance's network access list (AgentConfig.accessList, the console's "Network access"):
 * when it is not empty, a request from any other address is refused before it reaches a route.
 * The address is the connection's own (`req.socket.remoteAddress`), never a header a client
 * could write. Two ways stay open to every address, as the console needs them wherever it runs:
 * the health check (it names no data) and the console's calls (each carries an admin token
 * signed with the instance's secret, which the gate checks before it lets such a request by).
 */

const OPEN_PATHS = new Set<string>([HEALTH_ROUTE.path, ...Object.values(ADMIN_ROUTES).map((r) => r.path)]);

/** The refusal a person sees in a browser; the same words as JSON for everything else. */
export const refusalText = (address: string) => `Your address (${address}) may not reach this instance. Ask the instance's owner to add it to the instance's network access list in the console.`;

function refusalPage(name: string, address: string): string {
  return layout(`Access refused · ${name}`, `<h1>Access refused</h1>\n<p data-testid="access-refused">${escape(refusalText(address))}</p>`);
}

/** What the gate reads of the agent's state (AgentState has it; named here so state.ts may hold a gate without a cycle). */
interface GateState {
  config: { accessList?: string[] };
  settings: { name: string; secret: string; instanceId: string };
  now(): number;
}

export class AccessGate {
  /** Requests refused since the agent started (the console's stats may show it). */
  refused = 0;
  /** Built once per config pushed: the config object changes on every push. */
  private readonly compiled = new WeakMap<readonly string[], (address: string) => boolean>();

  private admits(list: readonly string[], address: string): boolean {
    let admits = this.compiled.get(list);
    if (!admits) this.compiled.set(list, (admits = admitsAddress(list)));
    return admits(address);
  }

  /** True when the request may go on; otherwise it has answered 403 (a page for a browser's GET, JSON else). */
  async pass(req: IncomingMessage, res: ServerResponse, pathname: string, state: GateState): Promise<boolean> {
    const list = state.config.accessList ?? [];
    if (list.length === 0 || OPEN_PATHS.has(pathname)) return true;
    const address = plainAddress(req.socket.remoteAddress ?? '');
    if (this.admits(list, address) || (await fromConsole(req, state))) return true;
    this.refused++;
    const text = refusalText(address || 'unknown');
    if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) sendHtml(res, 403, refusalPage(state.settings.name, address || 'unknown'));
    else sendJson(res, 403, { errors: [text] });
    return false;
  }

  /** The console's tester: what this list decides for `address`. */
  check(list: readonly string[], address: string) {
    const matched = matchingEntry(list, address);
    return { address, allowed: list.length === 0 || matched !== null, open: list.length === 0, matched };
  }
}

/** A console's own request (its CORS tester's preflight): an admin token of this instance. */
async function fromConsole(req: IncomingMessage, state: GateState): Promise<boolean> {
  const token = bearerToken(req);
  if (!token) return false;
  const { secret, instanceId } = state.settings;
  return (await verifyConsoleToken(token, secret, { scope: 'admin', aud: instanceId, nowMs: state.now() })) !== null;
}
