import ErrorStackParser from 'error-stack-parser';
import { bareUrl } from './privacy';

type Parser = typeof ErrorStackParser;
/** The package's CommonJS build sets `exports.default`, so a bundler's default import may be the exports object around it. */
const parser: Parser = typeof ErrorStackParser.parse === 'function' ? ErrorStackParser : (ErrorStackParser as unknown as { default: Parser }).default;

/**
 * JavaScript errors of the page: uncaught errors, unhandled promise rejections and
 * console.error calls, each with its stack (parsed into frames by error-stack-parser), in the
 * shape the instance's errors endpoint takes (agent-protocol's errorEventSchema, bounds and all).
 */

export interface ErrorFrame {
  file: string;
  function: string | null;
  line: number;
  column: number;
}

export interface CapturedError {
  source: 'error' | 'unhandledrejection' | 'console.error';
  name: string;
  message: string;
  stack: string;
  frames: ErrorFrame[];
}

const MAX_FRAMES = 50;
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The stack's addresses without their query and fragment, keeping each frame's :line:column. */
const ADDRESS_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#()]+)[?#][^\s()]*?(?=(?::\d+){1,2}\)?(?:\s|$)|\)|\s|$)/gi;
export const bareStack = (stack: string): string => stack.replace(ADDRESS_QUERY, '$1');

function framesOf(error: Error): ErrorFrame[] {
  try {
    return parser
      .parse(error)
      .filter((f) => f.fileName && (f.lineNumber ?? 0) >= 1 && (f.columnNumber ?? 0) >= 1)
      .slice(0, MAX_FRAMES)
      .map((f) => ({ file: cut(bareUrl(f.fileName!), 2048), function: f.functionName ? cut(f.functionName, 512) : null, line: f.lineNumber!, column: f.columnNumber! }));
  } catch {
    return [];
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function captured(source: CapturedError['source'], value: unknown, fallbackFrame?: ErrorFrame): CapturedError {
  const error = value instanceof Error ? value : null;
  const frames = error ? framesOf(error) : [];
  if (frames.length === 0 && fallbackFrame) frames.push(fallbackFrame);
  return {
    source,
    name: cut(error?.name || 'Error', 200),
    message: cut(error ? error.message || error.name : describe(value), 2000) || '(no message)',
    stack: cut(bareStack(error?.stack ?? ''), 20_000),
    frames,
  };
}

/** Listens until the returned function is called; `report` is never called again for its own failures. */
export function captureErrors(report: (e: CapturedError) => void): () => void {
  let reporting = false;
  const safely = (e: () => CapturedError) => {
    if (reporting) return;
    reporting = true;
    try {
      report(e());
    } catch {
      // A report that fails must not become the page's error.
    } finally {
      reporting = false;
    }
  };
  const onError = (e: ErrorEvent) => {
    const at = e.filename && e.lineno >= 1 ? { file: cut(bareUrl(e.filename), 2048), function: null, line: e.lineno, column: Math.max(1, e.colno) } : undefined;
    safely(() => captured('error', e.error ?? e.message, at));
  };
  const onRejection = (e: PromiseRejectionEvent) => safely(() => captured('unhandledrejection', e.reason));
  const original = console.error;
  console.error = function (...args: unknown[]) {
    const error = args.find((a) => a instanceof Error);
    safely(() => {
      if (error) return captured('console.error', error);
      // A message alone: an Error made here carries the caller's stack (under this wrapper's own frame).
      const made = new Error(args.map(describe).join(' '));
      made.name = 'ConsoleError';
      return captured('console.error', made);
    });
    return original.apply(this, args);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    if (console.error !== original) console.error = original;
  };
}
