import { ReplayApiError } from '@replay/client';

/**
 * What `replay` exits with, so a script can tell a typo from a refusal from an outage
 * (listed in `replay --help` and docs/CLI.md).
 */
export const EXIT = {
  ok: 0,
  /** The request was understood and did not succeed: a conflict, an instance that ended otherwise than awaited, an export that fails verification. */
  failed: 1,
  /** Wrong arguments, no credentials, or input the console refused as invalid (400). */
  usage: 2,
  /** The console refused the credentials (401) or the permission (403). */
  refused: 3,
  notFound: 4,
  /** The console failed (5xx), could not be reached, or answered something unreadable. */
  server: 5,
  /** `instances wait` ran out of time. */
  timeout: 6,
  /**
   * The console asks for payment details first (402: a trial's limit, an invoice past due):
   * the request was fine and allowed, and will succeed once someone sets up billing, so a
   * script can tell it from a conflict (1) or a refusal (3).
   */
  billing: 7,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  the request did not succeed (a conflict, an unexpected end state, a failed verification)
  2  usage error: wrong arguments, no credentials, or input the console refused as invalid
  3  refused: the credentials (401) or the permission (403)
  4  not found
  5  server fault: the console failed (5xx) or could not be reached
  6  timed out waiting
  7  billing required (402): add or update the account's payment details first

Credentials: REPLAY_URL and REPLAY_API_KEY from the environment, else the profile
\`replay login\` wrote (~/.config/replay/profile.json, or under $XDG_CONFIG_HOME).`;

/** A failure the CLI explains in one line and exits with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The exit code and message for whatever a command threw. */
export function describeFailure(error: unknown): { code: ExitCode; message: string } {
  if (error instanceof CliError) return { code: error.exitCode, message: error.message };
  if (error instanceof ReplayApiError) return { code: exitCodeOfStatus(error.status), message: apiMessage(error) };
  // fetch rejects with a TypeError (cause: ECONNREFUSED, ENOTFOUND…) when the console cannot be reached.
  if (error instanceof TypeError && /fetch/i.test(error.message)) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { code: EXIT.server, message: `Could not reach the console: ${cause?.code ?? cause?.message ?? error.message}.` };
  }
  if (error instanceof SyntaxError) return { code: EXIT.server, message: `The console answered something that is not JSON: ${error.message}` };
  return { code: EXIT.failed, message: error instanceof Error ? error.message : String(error) };
}

export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.refused;
  if (status === 402) return EXIT.billing;
  if (status === 404) return EXIT.notFound;
  if (status === 400 || status === 422) return EXIT.usage;
  if (status >= 500) return EXIT.server;
  return EXIT.failed;
}

function apiMessage(error: ReplayApiError): string {
  const said = error.messages.length > 0 ? error.messages.join(' ') : `The console answered ${error.status}.`;
  if (error.status === 401) return `${said} Check REPLAY_API_KEY or sign in again with \`replay login\`.`;
  if (error.status === 402) return `${said} An admin adds or updates them in the console's Billing page.`;
  if (error.status >= 500) return `The console failed (${error.status}): ${said}`;
  return said;
}
