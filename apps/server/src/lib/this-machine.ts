import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** A Host header: a name or an address (IPv6 in brackets), and an optional port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i;

/** The names that mean this machine, whatever a resolver says: no page can have them as its own origin. */
export const LOOPBACK_HOST_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host header's name (lower case) and port, or null when it is not one. */
export function hostParts(host: string | undefined): { name: string; port: string | null } | null {
  const match = host ? HOST_HEADER.exec(host) : null;
  return match ? { name: match[1]!.toLowerCase(), port: match[2] ?? null } : null;
}

/**
 * Whether a request comes from the server's own machine (the operator's pages and
 * commands). The socket address is checked, not request.ip, and anything that came
 * through a proxy is refused, because a proxy on the same machine would make every
 * visitor look local.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded ?? request.headers['x-real-ip'];
  return !forwarded && LOOPBACK.test(request.raw.socket.remoteAddress ?? '');
}

/**
 * fromThisMachine, and addressed to a loopback name (localhost, 127.0.0.1 or [::1], any port):
 * for an answer that is not behind the Host allow-list (/metrics without its token). A
 * DNS-rebinding page open in a browser on this machine connects from a loopback socket too, but
 * its browser names the page's own host in the Host header, never a loopback one.
 */
export function fromThisMachineByLoopbackName(request: FastifyRequest): boolean {
  const host = hostParts(request.headers.host);
  return fromThisMachine(request) && host !== null && LOOPBACK_HOST_NAMES.has(host.name);
}
