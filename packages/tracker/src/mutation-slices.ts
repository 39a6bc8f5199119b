/**
 * rrweb collects a MutationObserver's records in the observer's callback, which the browser runs
 * as a microtask at the end of the task that changed the page: on a page that changes thousands
 * of nodes at once, that collection (~10–50 µs a record) makes the page's own task a long task.
 * rrweb offers no option to move it, so the tracker's build wraps rrweb's observer callback with
 * `deferMutations` (packages/tracker/rrweb-patch.mjs, rrweb's initMutationObserver): the records wait
 * here and are handed to rrweb in order, in tasks of the tracker's own, each at most SLICE_MS
 * long. rrweb reads the nodes' current state when it handles a record and serializes added nodes
 * later still (the buffers stay frozen between the tracker's flushes), so a record handled a few
 * milliseconds late yields the same recording. rrweb drains the queue (`drainMutations`, the same
 * patch) before it emits any other event, the tracker's flush marker included, so an emit never
 * holds part of a delivery.
 */
const SLICE_MS = 8;

type Collect = (records: MutationRecord[]) => void;

interface Delivery {
  collect: Collect;
  records: MutationRecord[];
  /** Index of the next record to hand over. */
  next: number;
}

const queue: Delivery[] = [];
let scheduled = false;
let channel: MessageChannel | null = null;

/** Records handed to rrweb at once: the clock is read between such chunks. */
const CHUNK = 32;

/** Hands over records, in order, until the queue is empty or `deadline` (performance.now()) passes. */
function handOver(deadline: number): void {
  while (queue.length > 0) {
    const delivery = queue[0]!;
    const { records, next } = delivery;
    const end = Math.min(records.length, next + CHUNK);
    // Moved on before rrweb runs, so a record that throws is not handed over again.
    delivery.next = end;
    if (end === records.length) queue.shift();
    delivery.collect(next === 0 && end === records.length ? records : records.slice(next, end));
    if (performance.now() >= deadline) return;
  }
}

function runSlice(): void {
  scheduled = false;
  handOver(performance.now() + SLICE_MS);
  if (queue.length > 0) schedule();
}

/** A task of its own (a message, which background tabs do not throttle as they do timers). */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof MessageChannel === 'undefined') {
    setTimeout(runSlice, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = runSlice;
  }
  channel.port2.postMessage(null);
}

/** rrweb's observer callback, made to queue its records instead of collecting them in the page's task. */
export function deferMutations(collect: Collect): Collect {
  return (records) => {
    if (records.length === 0) return;
    queue.push({ collect, records, next: 0 });
    schedule();
  };
}

/** Hands every queued record to rrweb now. */
export function drainMutations(): void {
  handOver(Number.POSITIVE_INFINITY);
}

/** Records still waiting to be handed to rrweb. */
export function mutationBacklog(): number {
  return queue.reduce((waiting, delivery) => waiting + delivery.records.length - delivery.next, 0);
}
