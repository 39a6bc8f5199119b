import { PLUGIN_NAME, getRecordConsolePlugin } from '@rrweb/rrweb-plugin-console-record';
import type { TRACKER_CONSOLE_PLUGIN } from '@replay/agent-protocol/plain';
import { bareStack } from './errors';
import { obscureText, type LoggerOptions } from './privacy';

/**
 * The page's console messages, recorded by rrweb's own console plugin as rrweb Plugin events
 * (type 6, `{ plugin: 'rrweb/console@1', payload: { level, payload: string[], trace: string[] } }`).
 *
 * - Levels log, info, warn and debug. Not error: errors.ts already reports each console.error
 *   (with its stack, to the errors endpoint, and as the recording's `error` event, which the
 *   index counts); the plugin would record it a second time, and its own listeners would
 *   report each uncaught error twice more.
 * - Bounded, so a chatty page cannot flood the queue: at most CONSOLE_LIMITS.messages per page
 *   (the plugin then says so once and records no more), each argument cut to
 *   CONSOLE_LIMITS.stringLength characters, objects of more keys or depth sent as "[object Object]".
 * - Private as the rest: the plugin writes an element argument as its outerHTML (which would
 *   carry masked or blocked text and field values), so the plugin never sees the page's
 *   arguments: the console's methods call the page's console as they were, then hand the
 *   plugin a copy in which every DOM node (at any depth) is its tag name and id alone. The
 *   event then has its addresses cut at their query and fragment, and e-mails and digits
 *   obscured as the logger options ask (maskConsoleEvent).
 */

export const CONSOLE_LEVELS = ['log', 'info', 'warn', 'debug'] as const;
type Level = (typeof CONSOLE_LEVELS)[number];
export const CONSOLE_LIMITS = { messages: 500, stringLength: 1000, keys: 50, depth: 4 } as const;
/** The name the instance's replay reads: a plugin that renames its events fails the typecheck here. */
export const CONSOLE_PLUGIN: typeof TRACKER_CONSOLE_PLUGIN = PLUGIN_NAME;

const PLUGIN_EVENT = 6;
/** Deeper than the plugin's own depth limit: an argument that deep is sent as "[object Object]" anyway. */
const MAX_COPY_DEPTH = CONSOLE_LIMITS.depth + 2;

function nodeName(node: Node): string {
  const el = node as Element;
  if (typeof el.tagName !== 'string') return node.nodeName;
  return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;
}

/** The argument as the plugin may see it: nodes named, events reduced to their type and target's name. */
function safeArg(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (typeof Node !== 'undefined' && value instanceof Node) return nodeName(value);
  if (typeof Event !== 'undefined' && value instanceof Event) {
    const target = value.target instanceof Node ? ` on ${nodeName(value.target)}` : '';
    return `[${value.constructor.name} ${value.type}${target}]`;
  }
  if (value instanceof Error) return value;
  if (depth >= MAX_COPY_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, CONSOLE_LIMITS.keys + 1).map((v) => safeArg(v, depth + 1));
  const keys = Object.keys(value);
  // Over the plugin's key limit it is sent as "[object Object]": no copy needed.
  if (keys.length > CONSOLE_LIMITS.keys) return value;
  return Object.fromEntries(keys.map((k) => [k, safeArg((value as Record<string, unknown>)[k], depth + 1)]));
}

export interface ConsoleRecording {
  plugin: ReturnType<typeof getRecordConsolePlugin>;
  stop(): void;
}

/** Starts passing the console's calls to the plugin (which records once rrweb's record() takes it). */
export function recordConsole(): ConsoleRecording {
  // What the plugin patches instead of the page's console: it calls these (no-ops), then records.
  const sink: Record<Level, (...args: unknown[]) => void> = { log() {}, info() {}, warn() {}, debug() {} };
  const plugin = getRecordConsolePlugin({
    level: [...CONSOLE_LEVELS],
    lengthThreshold: CONSOLE_LIMITS.messages,
    stringifyOptions: { stringLengthLimit: CONSOLE_LIMITS.stringLength, numOfKeysLimit: CONSOLE_LIMITS.keys, depthOfLimit: CONSOLE_LIMITS.depth },
    logger: sink,
  });
  const restore: (() => void)[] = [];
  for (const level of CONSOLE_LEVELS) {
    const original = console[level];
    const wrapper = function (this: unknown, ...args: unknown[]) {
      original.apply(this, args);
      try {
        sink[level](...args.map((a) => safeArg(a)));
      } catch {
        // Recording must never become the page's error.
      }
    };
    console[level] = wrapper;
    restore.push(() => {
      if (console[level] === wrapper) console[level] = original;
    });
  }
  return { plugin, stop: () => restore.forEach((r) => r()) };
}

const bareAddresses = (text: string): string => text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'()<>]+)[?#][^\s"'()<>]*/gi, '$1');

/**
 * A console event as it may leave the page (changed in place, as rrweb hands each event to emit
 * once): addresses without query or fragment, e-mails and digits obscured as the options ask
 * (in the messages; the trace keeps its line numbers unless digits are obscured), and the
 * trace without its first frame, which is this module's wrapper.
 */
export function maskConsoleEvent<T>(event: T, options: LoggerOptions): T {
  const e = event as { type?: number; data?: { plugin?: unknown; payload?: { payload?: unknown; trace?: unknown } } };
  if (e.type !== PLUGIN_EVENT || e.data?.plugin !== CONSOLE_PLUGIN || !e.data.payload) return event;
  const log = e.data.payload;
  if (Array.isArray(log.payload)) log.payload = log.payload.map((s) => obscureText(bareAddresses(String(s)), options));
  if (Array.isArray(log.trace)) log.trace = log.trace.slice(1).map((s) => obscureText(bareStack(String(s)), options));
  return event;
}
