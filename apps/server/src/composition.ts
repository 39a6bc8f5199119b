import type { AppContext } from './platform/context';
import type { ServerModule } from './platform/server-module';
import { serverModules, type Services } from './modules';

/**
 * The composition root: every module's services, built once per app from the process's context
 * in the order of `serverModules`, each given the services built before it. A route reaches a
 * service as `app.services.<name>`; nothing else constructs a service (tests aside).
 */
export function createServices(ctx: AppContext, modules: readonly ServerModule<object, never>[] = serverModules): Services {
  const built: Record<string, unknown> = {};
  // What a module reads of `uses` must have been built by a module before it: said at start, by name.
  const uses = new Proxy(built, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target)) throw new Error(`a module uses the service '${key}', which no module listed before it builds`);
      return target[key as string];
    },
  });
  for (const m of modules) {
    const made = m.services?.(ctx, uses as never) ?? {};
    for (const key of Object.keys(made)) {
      if (key in built) throw new Error(`the service '${key}' is built by two modules (the second: ${m.name})`);
    }
    Object.assign(built, made);
  }
  return built as Services;
}

export type { Services };

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
