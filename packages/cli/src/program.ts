import { Command, CommanderError } from 'commander';
import { registerAccessList } from './commands/access-list';
import { registerAudit } from './commands/audit';
import { registerBilling } from './commands/billing';
import { registerInstances } from './commands/instances';
import { registerKeys } from './commands/keys';
import { registerSso } from './commands/sso';
import { registerLogin } from './commands/login';
import { registerMembers } from './commands/members';
import { registerSourceMaps } from './commands/sourcemaps';
import { registerSupport } from './commands/support';
import { registerWebhooks } from './commands/webhooks';
import { registerScim } from './commands/scim';
import { describeFailure, EXIT, EXIT_CODES_HELP, type ExitCode } from './exit-codes';
import type { Io } from './io';

/** The command tree; a new one each run, so runs in one process (tests) share nothing. */
export function buildProgram(io: Io): Command {
  const program = new Command('replay')
    .description("The console's command-line tool: instances, network access lists, members, the audit trail, API keys, source maps, billing budgets and webhooks.")
    .option('--json', 'print one JSON document on standard output, and nothing else there')
    .addHelpText('after', EXIT_CODES_HELP)
    .showSuggestionAfterError()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .exitOverride();
  registerLogin(program, io);
  registerInstances(program, io);
  registerAccessList(program, io);
  registerMembers(program, io);
  registerAudit(program, io);
  registerKeys(program, io);
  registerSso(program, io);
  registerSourceMaps(program, io);
  registerSupport(program, io);
  registerBilling(program, io);
  registerWebhooks(program, io);
  registerScim(program, io);
  // Every command and group: usage errors throw (exitOverride) instead of ending the process.
  for (const command of allCommands(program)) command.exitOverride().configureOutput(program.configureOutput());
  return program;
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...allCommands(child)]);
}

/** Runs `replay` with these arguments (without node and the script) and answers its exit code. */
export async function run(argv: readonly string[], io: Io): Promise<ExitCode> {
  const program = buildProgram(io);
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.usage;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExit(error);
    const { code, message } = describeFailure(error);
    io.err(`replay: ${message}\n`);
    return code;
  }
}

/** Help and version end well; anything else commander stops on is a usage error (it has printed why). */
function commanderExit(error: CommanderError): ExitCode {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return EXIT.ok;
  // A group named without its command (`replay instances`) shows the group's help, and is still a usage error.
  return EXIT.usage;
}
