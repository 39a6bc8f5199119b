import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

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
