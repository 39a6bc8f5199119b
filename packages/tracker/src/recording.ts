import { record } from '@rrweb/record';
import { maskConsoleEvent, recordConsole } from './console';
import { mutationBacklog } from './mutation-slices';
import { recorderPrivacy, type LoggerOptions } from './privacy';
import type { MaskInputOptions } from './rrweb-types';
import { scrubAddresses } from './scrub';

/**
 * rrweb serializes the nodes a mutation adds in its MutationObserver callback: a microtask of
 * the page's own task, so a page (or a click's handler) that replaces thousands of nodes at once
 * has that task made longer by the recorder. rrweb's public freeze (`record.freezePage`) keeps
 * collecting mutations without serializing them, and any event other than a mutation unfreezes
 * the buffers and emits what they hold first (rrweb's record, wrappedEmit). So the buffers are
 * frozen again after every such event, and every MUTATIONS_EVERY_MS a marker event, in a task of
 * the tracker's own, lets them emit (the marker itself is not kept). A change made before a
 * click is sent before it; rrweb stamps it when it is serialized, at most MUTATIONS_EVERY_MS
 * late (so a replay may show it just after the click). Measured in bench/recording-overhead.ts.
 * rrweb's collection of the records also leaves the page's task (src/mutation-slices.ts); rrweb
 * collects every waiting record before it emits any other event (rrweb-patch.mjs), the marker too.
 */
export const MUTATIONS_EVERY_MS = 100;
/** Timer flushes that may wait for records still handed over in slices (a flush would hand them all at once). */
const MAX_WAITS = 10;
const FLUSH_MARKER = 'replay.flush-mutations';

export interface Recording {
  /** A custom event (rrweb's type 5) in the recording, also before rrweb has started. */
  custom(tag: string, payload: unknown): void;
  /** Emits the mutations held so far (before the page goes away or a batch must leave now). */
  flushMutations(): void;
  /** Mutation records the page made that rrweb has not collected yet (for tests and the page's own checks). */
  backlog(): number;
  stop(): void;
}

const isFlushMarker = (event: { type?: number; data?: unknown }): boolean => event.type === 5 && (event.data as { tag?: unknown } | undefined)?.tag === FLUSH_MARKER;

const isMutation = (event: { type?: number; data?: unknown }): boolean => event.type === 3 && (event.data as { source?: unknown } | undefined)?.source === 0;

/** rrweb recording with the tenant's privacy options, console messages when asked, into `push`. */
export function startRecording(opts: { logger: LoggerOptions; captureConsole: boolean; push: (event: unknown) => void }): Recording {
  const privacy = recorderPrivacy(opts.logger);
  const consoleRecording = opts.captureConsole ? recordConsole() : null;
  /** What the tracker keeps of an event: addresses scrubbed, console messages masked; its marker dropped. */
  const keep = <E extends { type?: number; data?: unknown }>(event: E) => {
    if (!isFlushMarker(event)) opts.push(maskConsoleEvent(scrubAddresses(event), opts.logger));
  };
  const stopRecording =
    record({
      emit: (event) => {
        keep(event);
        if (!isMutation(event)) record.freezePage();
      },
      plugins: consoleRecording ? [consoleRecording.plugin] : [],
      ...privacy,
      maskInputOptions: privacy.maskInputOptions as MaskInputOptions,
      inlineStylesheet: true,
      // Nothing of the page's canvas, fonts or images as data: their pixels may show what the masks hide.
      recordCanvas: false,
      collectFonts: false,
      inlineImages: false,
      errorHandler: () => true,
    }) ?? (() => undefined);
  // rrweb starts once the page has loaded (its recordAfter) and refuses custom events until then
  // (record.addCustomEvent throws): a tracker deciding while the page still loads would lose its
  // user's id and its errors, and a timer's throw would be an error of the page. Until then they
  // go straight to `push`, in rrweb's own shape, as events held before the capture decision do.
  const custom = (tag: string, payload: unknown) => {
    try {
      record.addCustomEvent(tag, payload);
    } catch {
      keep({ type: 5, timestamp: Date.now(), data: { tag, payload } });
    }
  };
  // The marker unfreezes the buffers, which emit what they hold; emit above freezes them again.
  const flushMutations = () => custom(FLUSH_MARKER, null);
  let waits = 0;
  const onTimer = () => {
    if (mutationBacklog() > 0 && waits < MAX_WAITS) waits++;
    else {
      waits = 0;
      flushMutations();
    }
  };
  record.freezePage();
  const timer = setInterval(onTimer, MUTATIONS_EVERY_MS);
  return {
    custom,
    flushMutations,
    backlog: mutationBacklog,
    stop: () => {
      clearInterval(timer);
      flushMutations();
      stopRecording();
      consoleRecording?.stop();
    },
  };
}
