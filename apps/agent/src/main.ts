import { EXIT_CODES } from '@replay/agent-protocol/plain';
import { DataDirInUseError } from './lock.ts';
import { SettingsError, readSettings } from './settings.ts';
import { startAgent } from './server.ts';

// The agent's data folder holds recorded sessions and its used token ids: this user's only.
process.umask(0o077);

/** One instance agent: settings from flags and environment, stopped cleanly by SIGTERM or SIGINT. */
async function main(): Promise<void> {
  let settings;
  try {
    settings = readSettings(process.env, process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof SettingsError)) throw e;
    console.error(e.message);
    process.exit(EXIT_CODES.settings);
  }
  let agent;
  try {
    agent = await startAgent(settings);
  } catch (e) {
    console.error((e as Error).message);
    if (e instanceof DataDirInUseError) process.exit(EXIT_CODES.dataDirInUse);
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') process.exit(EXIT_CODES.portInUse);
    throw e;
  }
  console.log(JSON.stringify({ level: 'info', msg: 'agent listening', instanceId: settings.instanceId, port: agent.port, version: settings.version, pid: process.pid }));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    agent.close().then(
      () => {
        console.log(JSON.stringify({ level: 'info', msg: 'agent stopped', signal }));
        process.exit(0);
      },
      (e: unknown) => {
        console.error(String(e));
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

await main();
