import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_OPENING_HEADERS, SESSION_OPENING_READ_PATHS, type SessionOpeningAnswer, type SessionOpeningRead } from '@replay/contracts';

/**
 * The reads a session's opening carries (GET /refresh?with=…), answered by making each call
 * itself, in this process, with the token the refresh has just issued: the call's own guard,
 * checks and answer, as if the page had sent it one round trip later. The caller's host,
 * address and browser go along, so that the host rule, limits and logs see the caller's.
 */
export async function openingReads(app: FastifyInstance, request: FastifyRequest, jwt: string, names: readonly SessionOpeningRead[]): Promise<Record<string, SessionOpeningAnswer>> {
  const answers = await Promise.all(
    names.map(async (name) => {
      const res = await app.inject({
        method: 'GET',
        url: SESSION_OPENING_READ_PATHS[name],
        remoteAddress: request.ip,
        // To the host the refresh came to (which passed the host allow-list): inject's own
        // `localhost:80` is refused by a console that answers only PUBLIC_URL's host.
        headers: {
          host: request.headers.host,
          authorization: `Bearer ${jwt}`,
          accept: 'application/json',
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
      });
      const headers: Record<string, string> = {};
      for (const header of SESSION_OPENING_HEADERS) {
        const value = res.headers[header];
        if (typeof value === 'string') headers[header] = value;
      }
      const answer: SessionOpeningAnswer = { status: res.statusCode, headers, body: res.body ? (JSON.parse(res.body) as unknown) : null };
      return [name, answer] as const;
    }),
  );
  return Object.fromEntries(answers);
}
