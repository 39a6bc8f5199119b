import { parseEnv } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { buildApp } from './app';
import { openRuntime } from './bootstrap';
import { freePort } from './lib/free-port';
import { drainAndStop } from './lib/shutdown';
import { tuneGcForServing } from './gc-tuning';
import { createLogger, type Logger } from './lib/logger';

// Everything this process and the agents it spawns create is theirs only: the data folder holds secrets.
process.umask(0o077);
tuneGcForServing();

const started = performance.now();
/** Set once the settings are read; a failure before that is logged at the default level. */
let logger: Logger | undefined;

async function main(): Promise<void> {
  // PORT=0 is settled before anything starts: agents are told the console's
  // origin (for CORS) when they spawn, and port 0 is no origin.
  const chosenPort = process.env.PORT === '0' ? String(await freePort()) : process.env.PORT;
  const env = parseEnv({ ...process.env, PORT: chosenPort });
  logger = createLogger(env.LOG_LEVEL);
  const runtime = await openRuntime(env, { logger });
  const app = await buildApp(runtime.ctx, { modules: runtime.modules, services: runtime.services });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const clean = await drainAndStop(
      { lifecycle: runtime.ctx.lifecycle, closeServer: () => app.close(), stopRuntime: (jobGraceMs) => runtime.stop({ jobGraceMs }), logger: app.log },
      { drainDelayMs: env.SHUTDOWN_DRAIN_DELAY_SECONDS * 1000, graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 },
    );
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const mode = env.embedded ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL';
  const ms = Math.round(performance.now() - started);
  logger.info({ port, ms }, `Console ready at http://localhost:${port} (${mode}, started in ${ms} ms)`);
}

main().catch((err: unknown) => {
  const log = logger ?? createLogger('info');
  // pino writes stdout synchronously, so the line is out before the exit.
  if (err instanceof DataDirLockedError) {
    log.fatal(err.message);
    process.exit(2);
  }
  log.fatal({ err }, 'the console could not start');
  process.exit(1);
});
