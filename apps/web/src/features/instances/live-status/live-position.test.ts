import { afterEach, describe, expect, it } from 'vitest';
import { forgetListPosition, listPosition, trackListRead } from './live-position';

const answered = (position: string | null) => (onHeaders: (h: Headers) => void) => {
  onHeaders(new Headers(position === null ? {} : { 'live-position': position }));
  return Promise.resolve('list');
};

afterEach(() => forgetListPosition());

describe('the list position the live stream starts from', () => {
  it('is none until a list was read, then the oldest position of the lists read since', async () => {
    expect(await listPosition()).toBeNull();
    await trackListRead(answered('42'));
    await trackListRead(answered('40'));
    await trackListRead(answered('57'));
    expect(await listPosition()).toBe(40);
  });

  it('waits for a list read under way, and takes its position', async () => {
    let answer!: () => void;
    const read = trackListRead((onHeaders) => new Promise<string>((resolve) => (answer = () => (onHeaders(new Headers({ 'live-position': '7' })), resolve('list')))));
    const position = listPosition();
    answer();
    await read;
    expect(await position).toBe(7);
  });

  it('waits for every list read under way, and takes the oldest position', async () => {
    const answers: (() => void)[] = [];
    const slow = (position: string) => (onHeaders: (h: Headers) => void) =>
      new Promise<string>((resolve) => answers.push(() => (onHeaders(new Headers({ 'live-position': position })), resolve('list'))));
    const reads = [trackListRead(slow('30')), trackListRead(slow('35'))];
    let settled: number | null | 'waiting' = 'waiting';
    const position = listPosition().then((p) => (settled = p));
    answers[1]!();
    await reads[1];
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The later read has answered, the earlier not yet: the stream must still wait.
    expect(settled).toBe('waiting');
    answers[0]!();
    await Promise.all(reads);
    expect(await position).toBe(30);
  });

  it('is none after a failed read, an answer without the header or with one that is no position', async () => {
    await expect(trackListRead(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    await trackListRead(answered(null));
    await trackListRead(answered('-1'));
    expect(await listPosition()).toBeNull();
  });

  it('is forgotten when the stream closes', async () => {
    await trackListRead(answered('9'));
    forgetListPosition();
    expect(await listPosition()).toBeNull();
  });
});
