import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { usageWorthRecording } from '../lib/api-key-admission';
import { recordKeyUse } from '../lib/api-key-principal';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every API key use being written down has landed. */
    keyUsageDrain(): Promise<void>;
  }
}

/**
 * An API key's last use (time and address), written after the answer has gone and only
 * when it says something new (none yet, another address, a minute later): the principal
 * read hands over the last one recorded, so a busy key costs a write a minute, not one
 * a request, and no answer waits for it.
 */
export const keyUsagePlugin = fp(async (app) => {
  const pending = new Set<Promise<void>>();
  app.decorate('keyUsageDrain', async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  });

  function remember(request: FastifyRequest, use: NonNullable<FastifyRequest['keyUse']>): void {
    const at = app.ctx.clock.now();
    if (!usageWorthRecording(use.key, use.address, at.getTime())) return;
    const write = recordKeyUse(app.ctx.db, use.key.id, at, use.address)
      .catch((err: unknown) => request.log.error({ err }, 'recording an API key’s last use failed'))
      .finally(() => pending.delete(write));
    pending.add(write);
  }

  // A callback hook: it runs after every answer, and an async one costs a promise each time.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.keyUse) remember(request, request.keyUse);
    done();
  });

  app.addHook('onClose', async () => app.keyUsageDrain());
});
