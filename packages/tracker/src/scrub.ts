import { bareUrl } from './privacy';

/**
 * Addresses in what rrweb recorded lose their query and fragment: the page's own (Meta events'
 * href), links' href (on every element but <link>, whose stylesheet rrweb inlines anyway) and
 * frames' src, in full snapshots and in mutations. Images and other resources keep theirs: a
 * replay needs them to load, and a site that puts secrets there can block the element.
 */

const EVENT_FULL_SNAPSHOT = 2;
const EVENT_INCREMENTAL = 3;
const EVENT_META = 4;
const SOURCE_MUTATION = 0;

interface SerializedNode {
  tagName?: string;
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
}

const FRAMES = new Set(['iframe', 'frame']);

function scrubAttributes(attributes: Record<string, unknown>, tagName: string | undefined): void {
  if (typeof attributes.href === 'string' && tagName !== 'link') attributes.href = bareUrl(attributes.href);
  if (typeof attributes.src === 'string' && tagName !== undefined && FRAMES.has(tagName)) attributes.src = bareUrl(attributes.src);
}

function scrubNode(node: SerializedNode | undefined): void {
  if (!node || typeof node !== 'object') return;
  if (node.attributes) scrubAttributes(node.attributes, node.tagName);
  for (const child of node.childNodes ?? []) scrubNode(child);
}

/** The event, its addresses cut in place (rrweb hands each event to emit once, fresh). */
export function scrubAddresses<T>(event: T): T {
  const e = event as { type?: number; data?: Record<string, unknown> };
  const data = e.data;
  if (!data) return event;
  if (e.type === EVENT_META && typeof data.href === 'string') data.href = bareUrl(data.href);
  if (e.type === EVENT_FULL_SNAPSHOT) scrubNode(data.node as SerializedNode);
  if (e.type === EVENT_INCREMENTAL && data.source === SOURCE_MUTATION) {
    for (const add of (data.adds as { node?: SerializedNode }[] | undefined) ?? []) scrubNode(add.node);
    // A changed attribute does not name its element's tag: any href is cut.
    for (const change of (data.attributes as { attributes?: Record<string, unknown> }[] | undefined) ?? []) {
      if (change.attributes) scrubAttributes(change.attributes, undefined);
    }
  }
  return event;
}
