import { TraceMap, originalPositionFor, sourceContentFor } from '@jridgewell/trace-mapping';
import type { ErrorFrame, OriginalPosition, ResolvedFrame } from '@replay/agent-protocol';

/**
 * The one place frames are resolved through source maps (moved here from the console, which now
 * asks the instance): @jridgewell/trace-mapping reads the map, and the lines around the original
 * position come from the map's sourcesContent.
 */

/** Lines of original source shown either side of a frame's line. */
const CONTEXT_LINES = 3;
const MAX_CONTEXT_CHARS = 500;

/** A source map v3 (the only version browsers and bundlers write), parsed; null when the text is not one. */
export function parseSourceMap(text: string): TraceMap | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const map = json as { version?: unknown; sources?: unknown; mappings?: unknown };
  if (typeof json !== 'object' || json === null || map.version !== 3 || !Array.isArray(map.sources) || typeof map.mappings !== 'string') return null;
  try {
    return new TraceMap(json as ConstructorParameters<typeof TraceMap>[0]);
  } catch {
    return null;
  }
}

/**
 * Where a minified frame was in the original source. Browsers count lines and columns from 1;
 * source maps count columns from 0, so the column is moved by one each way.
 */
export function resolveFrame(map: TraceMap, frame: ErrorFrame): OriginalPosition | null {
  const found = originalPositionFor(map, { line: frame.line, column: frame.column - 1 });
  if (found.source === null || found.line === null || found.column === null) return null;
  const content = sourceContentFor(map, found.source);
  const lines = content ? content.split('\n') : [];
  const from = Math.max(1, found.line - CONTEXT_LINES);
  const to = Math.min(lines.length, found.line + CONTEXT_LINES);
  const context = [];
  for (let n = from; n <= to; n++) context.push({ line: n, text: (lines[n - 1] ?? '').slice(0, MAX_CONTEXT_CHARS), current: n === found.line });
  return { source: found.source, line: found.line, column: found.column + 1, name: found.name, context };
}

/** Each frame with its original position, each file's map (found by `mapText`) parsed once. */
export function resolveFrames(frames: readonly ErrorFrame[], mapText: (fileUrl: string) => string | null): ResolvedFrame[] {
  const maps = new Map<string, TraceMap | null>();
  return frames.map((frame) => {
    if (!maps.has(frame.file)) {
      const text = mapText(frame.file);
      maps.set(frame.file, text === null ? null : parseSourceMap(text));
    }
    const map = maps.get(frame.file) ?? null;
    return { ...frame, original: map ? resolveFrame(map, frame) : null };
  });
}
