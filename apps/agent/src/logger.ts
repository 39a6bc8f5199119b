import { BlockList, isIP } from 'node:net';
import type { LoggerConfig } from '@replay/agent-protocol';
import { HttpError } from './http.ts';

/**
 * The account's logger options (pushed by the console's config step): which clients and
 * pages may send recordings and errors, and what of the recorded text is kept.
 *
 * - A client address outside a non-empty `ipWhitelist` is refused (403), before the project
 *   key is even looked at; a page whose host (the request's Origin, else the batch's or
 *   error's page URL) is outside a non-empty `allowedDomains` is refused (403). Both counted.
 * - Before a batch is stored (the tracker applies the same options in the browser; this is
 *   the second line of defence): typed text in rrweb's events is kept (mode 0), obscured (1:
 *   each character `*`) or emptied (2); with `obscureEmailData` / `obscureNumericData`, e-mail
 *   addresses / digits in every string of every event (but its `type` and a Plugin event's plugin name) become `*`, one per
 *   character, so a replay keeps the text's shape and loses its content. Errors are stored
 *   as sent (their stacks' line numbers are what makes them useful).
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const DIGIT = /\d/g;
const stars = (text: string) => '*'.repeat(text.length);

/** The address as one family: an IPv4-mapped IPv6 address (::ffff:203.0.113.7) is its IPv4 one. */
function plainAddress(remote: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  return mapped ? mapped[1]! : remote;
}

function blockListOf(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const entry of ranges) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** The host a page names: an origin's or an absolute URL's; null for a relative URL or none. */
function hostOf(pageOrOrigin: string | null | undefined): string | null {
  if (!pageOrOrigin) return null;
  try {
    return new URL(pageOrOrigin).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

function domainAllowed(host: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) : host === p));
}

/** The decisions on tracker requests, and their counts for the console's stats. */
export class LoggerGate {
  refusedAddresses = 0;
  refusedDomains = 0;
  /** Built once per config pushed (the config object changes on every push). */
  private lists = new WeakMap<LoggerConfig, BlockList>();

  /** Throws 403 when the options name addresses and the client's is not among them. */
  admitClient(logger: LoggerConfig | undefined, remoteAddress: string | undefined): void {
    if (!logger || logger.ipWhitelist.length === 0) return;
    let list = this.lists.get(logger);
    if (!list) this.lists.set(logger, (list = blockListOf(logger.ipWhitelist)));
    const address = plainAddress(remoteAddress ?? '');
    const family = isIP(address);
    if (family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')) return;
    this.refusedAddresses++;
    throw new HttpError(403, `Client address ${address || 'unknown'} is not allowed to send recordings`);
  }

  /** Throws 403 when the options name domains and the page (its Origin, else its URL) is on none of them. */
  admitPage(logger: LoggerConfig | undefined, origin: string | undefined, pageUrl: string | null): void {
    if (!logger || logger.allowedDomains.length === 0) return;
    const host = hostOf(origin) ?? hostOf(pageUrl);
    if (host !== null && domainAllowed(host, logger.allowedDomains)) return;
    this.refusedDomains++;
    throw new HttpError(403, host === null ? 'The page is not known: send an Origin or the page URL' : `Recordings from ${host} are not allowed`);
  }

  read(): { refusedAddresses: number; refusedDomains: number } {
    return { refusedAddresses: this.refusedAddresses, refusedDomains: this.refusedDomains };
  }
}

function maskText(text: string, logger: LoggerConfig): string {
  let out = text;
  if (logger.obscureEmailData) out = out.replace(EMAIL, stars);
  if (logger.obscureNumericData) out = out.replace(DIGIT, '*');
  return out;
}

function maskValue(value: unknown, logger: LoggerConfig): unknown {
  if (typeof value === 'string') return maskText(value, logger);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, logger));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'type' ? v : maskValue(v, logger)]));
  }
  return value;
}

/** rrweb's numbers: event types and incremental sources (rrweb's EventType and IncrementalSource). */
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;
const INPUT = 5;
const FIELDS = new Set(['input', 'textarea', 'select', 'option']);

const typed = (text: unknown, mode: 1 | 2): string => (mode === 2 ? '' : typeof text === 'string' ? stars(text) : '');

interface Node {
  tagName?: string;
  attributes?: Record<string, unknown>;
  childNodes?: Node[];
}

/** A snapshot's fields keep their shape but not their value (a copy: the event as sent is not changed). */
function maskNode(node: Node | undefined, mode: 1 | 2): Node | undefined {
  if (!node || typeof node !== 'object') return node;
  const attributes = node.attributes && FIELDS.has(String(node.tagName)) && 'value' in node.attributes ? { ...node.attributes, value: typed(node.attributes.value, mode) } : node.attributes;
  const childNodes = Array.isArray(node.childNodes) ? node.childNodes.map((c) => maskNode(c, mode)!) : node.childNodes;
  return { ...node, ...(attributes ? { attributes } : {}), ...(childNodes ? { childNodes } : {}) };
}

/**
 * The second line of defence behind the tracker's own masking: typed text in rrweb's events
 * (Input events' `text`, and the `value` of fields in full snapshots and added nodes) kept
 * (mode 0), obscured (1) or emptied (2), whatever the tracker sent.
 */
function applyInputMode(event: unknown, mode: LoggerConfig['defaultInputMode']): unknown {
  if (mode === 0 || event === null || typeof event !== 'object' || Array.isArray(event)) return event;
  const e = event as { type?: unknown; data?: Record<string, unknown> };
  const data = e.data;
  if (!data || typeof data !== 'object') return event;
  if (e.type === FULL_SNAPSHOT) return { ...e, data: { ...data, node: maskNode(data.node as Node, mode) } };
  if (e.type !== INCREMENTAL) return event;
  if (data.source === INPUT && 'text' in data) return { ...e, data: { ...data, text: typed(data.text, mode) } };
  if (data.source === MUTATION && Array.isArray(data.adds)) {
    const adds = (data.adds as { node?: Node }[]).map((add) => ({ ...add, node: maskNode(add.node, mode) }));
    // A changed `value` attribute names no tag: masked wherever it is.
    const attributes = Array.isArray(data.attributes)
      ? (data.attributes as { attributes?: Record<string, unknown> }[]).map((c) =>
          c.attributes && 'value' in c.attributes ? { ...c, attributes: { ...c.attributes, value: typed(c.attributes.value, mode) } } : c,
        )
      : data.attributes;
    return { ...e, data: { ...data, adds, attributes } };
  }
  return event;
}

const PLUGIN = 6;

/**
 * E-mails and digits obscured in every string of the event but its `type`; a Plugin event
 * (rrweb's type 6, such as the tracker's console messages: `{ plugin: 'rrweb/console@1',
 * payload: { level, payload, trace } }`) keeps its plugin's name too, which holds a digit and
 * is how a replay knows the event.
 */
function maskStrings(event: unknown, logger: LoggerConfig): unknown {
  const e = event as { type?: unknown; data?: { plugin?: unknown; payload?: unknown } } | null;
  if (e?.type !== PLUGIN || e.data === null || typeof e.data !== 'object' || typeof e.data.plugin !== 'string') return maskValue(event, logger);
  const masked = maskValue(event, logger) as { data: object };
  return { ...masked, data: { ...masked.data, plugin: e.data.plugin } };
}

/** The events as they are stored under the options. */
export function maskEvents(logger: LoggerConfig | undefined, events: unknown[]): unknown[] {
  if (!logger || (logger.defaultInputMode === 0 && !logger.obscureEmailData && !logger.obscureNumericData)) return events;
  const masking = logger.obscureEmailData || logger.obscureNumericData;
  return events.map((event) => {
    const moded = applyInputMode(event, logger.defaultInputMode);
    return masking ? maskStrings(moded, logger) : moded;
  });
}
