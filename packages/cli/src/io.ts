import Table from 'cli-table3';
import ora from 'ora';

/** What a run of `replay` talks to: injected, so tests run it in-process with captured output. */
export interface Io {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  /** Whether a person watches standard error (a TTY): only then is a progress indicator drawn. */
  interactive: boolean;
  fetch?: typeof globalThis.fetch;
  sleep(ms: number): Promise<void>;
  now(): number;
}

export function processIo(): Io {
  return {
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    // A terminal of no width (a pseudo-terminal nobody sized) would make the spinner's line
    // arithmetic divide by zero and erase lines without end: no spinner there.
    interactive: Boolean(process.stderr.isTTY) && (process.stderr.columns ?? 0) > 0 && !process.env.CI,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
  };
}

/** One JSON document on standard output: what `--json` promises scripts. */
export function printJson(io: Io, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}

export type Column<T> = readonly [header: string, cell: (row: T) => unknown];

/** Rows for people: a header and one line per row; no colours (they would end up in pipes and files). */
export function printTable<T>(io: Io, columns: readonly Column<T>[], rows: readonly T[], empty: string): void {
  if (rows.length === 0) {
    io.out(`${empty}\n`);
    return;
  }
  const table = new Table({ head: columns.map(([header]) => header), style: { head: [], border: [] } });
  for (const row of rows) table.push(columns.map(([, cell]) => text(cell(row))));
  io.out(`${table.toString()}\n`);
}

/** One record as name/value lines. */
export function printRecord(io: Io, fields: readonly (readonly [string, unknown])[]): void {
  const table = new Table({ style: { head: [], border: [] } });
  for (const [name, value] of fields) table.push({ [name]: text(value) });
  io.out(`${table.toString()}\n`);
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

export const isoTime = (ms: number | null | undefined): string | null => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

/** A line that updates in place while something takes time; nothing at all when no one watches or with --json. */
export interface Progress {
  update(text: string): void;
  stop(): void;
}

export function startProgress(io: Io, quiet: boolean, text: string): Progress {
  if (quiet || !io.interactive) return { update: () => undefined, stop: () => undefined };
  const spinner = ora({ text, stream: process.stderr }).start();
  return {
    update: (next) => {
      spinner.text = next;
    },
    stop: () => spinner.stop(),
  };
}
