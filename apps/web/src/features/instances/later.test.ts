import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { keepLaterInstances, laterOf } from './later';
import { instanceKeys } from './api';

const at = (instanceId: string, status: string, updatedAt: number) => ({ instanceId, status, updatedAt });

describe('laterOf', () => {
  it('keeps what is shown only when the server changed it after what arrived; a tie goes to what arrived', () => {
    const stopped = at('a', 'stopped', 20);
    const stopping = at('a', 'stopping', 10);
    expect(laterOf(stopped, stopping)).toBe(stopped);
    expect(laterOf(stopping, stopped)).toBe(stopped);
    const healthier = at('a', 'stopped', 20);
    expect(laterOf(stopped, healthier)).toBe(healthier);
    expect(laterOf(undefined, stopping)).toBe(stopping);
    // Another instance is never "kept".
    expect(laterOf(at('b', 'running', 99), stopping)).toBe(stopping);
  });
});

describe('keepLaterInstances, as the instance queries write their data', () => {
  it('leaves a later details state on screen when an older answer lands', () => {
    const client = new QueryClient();
    const key = instanceKeys.detail('a');
    client.setQueryDefaults(key, { structuralSharing: keepLaterInstances });
    client.setQueryData(key, at('a', 'stopped', 20));
    client.setQueryData(key, at('a', 'stopping', 10));
    expect(client.getQueryData(key)).toEqual(at('a', 'stopped', 20));
    client.setQueryData(key, at('a', 'starting', 30));
    expect(client.getQueryData(key)).toEqual(at('a', 'starting', 30));
  });

  it('keeps, row by row, the later state of a list page, taking the rows and total of the page that arrived', () => {
    const shown = { instances: [at('a', 'stopped', 20), at('b', 'running', 5)], total: 2 };
    const arrived = { instances: [at('a', 'stopping', 10), at('b', 'stopping', 6), at('c', 'creating', 7)], total: 3 };
    expect(keepLaterInstances(shown, arrived)).toEqual({ instances: [at('a', 'stopped', 20), at('b', 'stopping', 6), at('c', 'creating', 7)], total: 3 });
  });

  it('shares what did not change, as TanStack Query does by default, and passes other data through', () => {
    const shown = { instances: [at('a', 'running', 5)], total: 1 };
    expect(keepLaterInstances(shown, { instances: [at('a', 'running', 5)], total: 1 })).toBe(shown);
    expect(keepLaterInstances({ events: [1] }, { events: [1, 2] })).toEqual({ events: [1, 2] });
    expect(keepLaterInstances(undefined, at('a', 'running', 5))).toEqual(at('a', 'running', 5));
  });
});
