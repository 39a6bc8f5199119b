import { TRACKER_CONSOLE_PLUGIN } from '@replay/agent-protocol/plain';
import { describe, expect, it } from 'vitest';
import { marksOf } from '../src/replay-ui/browser/events.ts';

/** The Replay page's console pane, read from the session's events: the tracker's console messages (rrweb Plugin events) with its errors, in time order. */
const T0 = 1_700_000_000_000;
const meta = { type: 4, timestamp: T0, data: { href: 'https://shop.example/', width: 1280, height: 720 } };
const logged = (at: number, level: string, payload: string[], trace: string[] = []) => ({ type: 6, timestamp: T0 + at, data: { plugin: TRACKER_CONSOLE_PLUGIN, payload: { level, payload, trace } } });
const error = (at: number, message: string) => ({ type: 5, timestamp: T0 + at, data: { tag: 'error', payload: { message, stack: `Error: ${message}` } } });

describe('the console pane’s lines', () => {
  it('lists console messages and errors in time order, with level, text and offset', () => {
    const events = [meta, logged(2_000, 'log', ['"cart loaded"', '3']), error(1_500, 'boom'), logged(4_000, 'warn', ['"slow"', '{"ms":900}'], ['at load (https://shop.example/app.js:3:9)'])];
    const { lines, marks } = marksOf(events);
    expect(lines).toEqual([
      { offset: 1_500, level: 'error', text: 'boom', stack: 'Error: boom' },
      { offset: 2_000, level: 'log', text: 'cart loaded 3', stack: undefined },
      { offset: 4_000, level: 'warn', text: 'slow {"ms":900}', stack: 'at load (https://shop.example/app.js:3:9)' },
    ]);
    // Console messages are in the pane, not on the timeline: only the error is marked there.
    expect(marks.map((m) => m.kind)).toEqual(['page', 'error']);
  });

  it('ignores Plugin events of other plugins, and reads a message it cannot parse as it came', () => {
    const other = { type: 6, timestamp: T0 + 10, data: { plugin: 'acme/net@1', payload: { level: 'log', payload: ['"no"'] } } };
    const { lines } = marksOf([meta, other, logged(20, 'info', ['"cut at the limit...'])]);
    expect(lines).toEqual([{ offset: 20, level: 'info', text: '"cut at the limit...', stack: undefined }]);
  });
});
