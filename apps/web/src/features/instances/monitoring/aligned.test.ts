import { describe, expect, it } from 'vitest';
import { alignSeries, isolatedIndices, summarize } from './aligned';
import { readRange, windowFor } from './ranges';
import { formatBytesPerSecond, formatPercent } from './format';

describe('alignSeries', () => {
  it('puts points on the window’s step grid with null where a step has no point (a gap, never a zero)', () => {
    const window = { start: 600, end: 900, step: 60 };
    const [times, cpu, net] = alignSeries(window, [
      [
        [600, 10],
        [660, 20],
        // 720 and 780: the instance was stopped.
        [840, 40],
      ],
      [],
    ]);
    expect(times).toEqual([600, 660, 720, 780, 840, 900]);
    expect(cpu).toEqual([10, 20, null, null, 40, null]);
    expect(net).toEqual([null, null, null, null, null, null]);
  });

  it('starts at the bucket the window’s start falls in, as the server buckets (floor(t / step) * step)', () => {
    const [times, values] = alignSeries({ start: 1000, end: 2300, step: 600 }, [
      [
        [600, 1],
        [1800, 3],
      ],
    ]);
    expect(times).toEqual([600, 1200, 1800]);
    expect(values).toEqual([1, null, 3]);
  });

  it('does not place a point that is off the grid', () => {
    const [, values] = alignSeries({ start: 0, end: 120, step: 60 }, [
      [
        [30, 5],
        [60, 6],
      ],
    ]);
    expect(values).toEqual([null, 6, null]);
  });
});

describe('isolatedIndices', () => {
  it('finds the samples with no neighbour, which a line cannot draw', () => {
    expect(isolatedIndices([5, null, 7, 8, null, 9])).toEqual([0, 5]);
    expect(isolatedIndices([null, 3, null])).toEqual([1]);
    expect(isolatedIndices([null, null])).toEqual([]);
  });
});

describe('summarize', () => {
  it('tells the latest value, the lowest and highest, and how many steps had data', () => {
    expect(summarize([0, 60, 120, 180], [5, null, 9, null])).toEqual({ latest: { time: 120, value: 9 }, min: 5, max: 9, sampled: 2, steps: 4 });
    expect(summarize([0, 60], [null, null]).latest).toBeNull();
  });
});

describe('ranges', () => {
  it('asks for at most about 1,000 points a series in every window, in whole minutes', () => {
    for (const value of ['1h', '2h', '1d', '7d']) {
      const range = readRange(value);
      expect(range.value).toBe(value);
      expect(range.seconds / range.step).toBeLessThanOrEqual(1008);
      expect(range.step % 60).toBe(0);
    }
    expect(readRange('nonsense').value).toBe('1h');
    expect(windowFor(readRange('1d'), 1_767_225_600_500)).toEqual({ start: 1_767_225_600 - 86_400, end: 1_767_225_600, step: 300 });
  });
});

describe('formats', () => {
  it('reads percentages and bytes per second', () => {
    expect(formatPercent(7.46)).toBe('7.5 %');
    expect(formatPercent(79.94)).toBe('79.9 %');
    expect(formatPercent(80, 0)).toBe('80 %');
    expect(formatBytesPerSecond(512)).toBe('512 B/s');
    expect(formatBytesPerSecond(1500)).toBe('1.5 kB/s');
    expect(formatBytesPerSecond(12_300_000)).toBe('12.3 MB/s');
    expect(formatBytesPerSecond(250_000)).toBe('250 kB/s');
  });
});
