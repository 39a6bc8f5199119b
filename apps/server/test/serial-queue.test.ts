import { describe, expect, it } from 'vitest';
import { keyedSerial } from '../src/lib/concurrency';

/** The console's one serial queue (lib/concurrency.ts): one call at a time per key, in call order. */

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('keyedSerial', () => {
  it('runs calls of one key one after another, in call order, and other keys beside them', async () => {
    const serial = keyedSerial();
    const log: string[] = [];
    const first = deferred();
    const a1 = serial('a', async () => {
      log.push('a1 start');
      await first.promise;
      log.push('a1 end');
    });
    const a2 = serial('a', async () => void log.push('a2'));
    const b1 = serial('b', async () => void log.push('b1'));
    await b1;
    expect(log).toEqual(['a1 start', 'b1']);
    first.resolve();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('hands each caller its own outcome, and a failure does not stop the calls queued after it', async () => {
    const serial = keyedSerial();
    const failing = deferred();
    const a1 = serial('a', () => failing.promise);
    const a2 = serial('a', async () => 'second');
    failing.reject(new Error('first failed'));
    await expect(a1).rejects.toThrow('first failed');
    await expect(a2).resolves.toBe('second');
    await expect(serial('a', async () => 'later')).resolves.toBe('later');
  });
});
