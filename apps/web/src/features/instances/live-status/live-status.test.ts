import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Instance } from '@replay/contracts';
import { instanceKeys } from '../api';
import { applyLiveChange, applySupportMessage } from './live-status';
import { supportKeys } from '../../support/api';
import { makeInstance } from '../test-fixtures';

type Listed = { instances: Instance[]; total: number };

function cacheWith(instances: Instance[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<Listed>(instanceKeys.list({ page: 1, search: '' }), { instances, total: instances.length });
  for (const i of instances) queryClient.setQueryData(instanceKeys.detail(i.instanceId), { ...i, latestEvents: [] });
  return queryClient;
}
const listed = (q: QueryClient) => q.getQueryData<Listed>(instanceKeys.list({ page: 1, search: '' }))!;
const stale = (q: QueryClient, key: readonly unknown[]) => q.getQueryState(key)?.isInvalidated ?? false;

describe('applyLiveChange', () => {
  it('replaces the instance in every cached list and its details in place, keeping what the message does not carry, without reading the list again', () => {
    const a = makeInstance({ instanceId: 'ins_a', name: 'A' });
    const b = makeInstance({ instanceId: 'ins_b', name: 'B' });
    const q = cacheWith([a, b]);
    const stopped = { ...a, status: 'stopped' as const, inProgress: false };
    applyLiveChange(q, { type: 'instance.stopped', at: 1, instanceId: 'ins_a', instance: stopped });
    expect(listed(q).instances.map((i) => [i.instanceId, i.status])).toEqual([
      ['ins_a', 'stopped'],
      ['ins_b', 'running'],
    ]);
    expect(q.getQueryData<Instance & { latestEvents: unknown[] }>(instanceKeys.detail('ins_a'))).toMatchObject({ status: 'stopped', latestEvents: [] });
    expect(stale(q, instanceKeys.list({ page: 1, search: '' }))).toBe(false);
  });

  it('reads the details again for their latest events, which the message does not carry, and the Events tab with them', () => {
    const a = makeInstance({ instanceId: 'ins_a' });
    const b = makeInstance({ instanceId: 'ins_b' });
    const q = cacheWith([a, b]);
    q.setQueryData(instanceKeys.events('ins_a', 1), { events: [], total: 0 });
    applyLiveChange(q, { type: 'instance.stopped', at: 1, instanceId: 'ins_a', instance: { ...a, status: 'stopped', inProgress: false } });
    expect(stale(q, instanceKeys.detail('ins_a'))).toBe(true);
    expect(stale(q, instanceKeys.events('ins_a', 1))).toBe(true);
    expect(stale(q, instanceKeys.detail('ins_b'))).toBe(false);
  });

  it('reads the lists again for an instance they do not hold, one terminated, or one gone', () => {
    const a = makeInstance({ instanceId: 'ins_a' });
    for (const change of [
      { type: 'instance.created', instance: makeInstance({ instanceId: 'ins_new' }), instanceId: 'ins_new' },
      { type: 'instance.terminated', instance: { ...a, status: 'terminated' as const }, instanceId: 'ins_a' },
      { type: 'instance.stopped', instance: null, instanceId: 'ins_a' },
    ]) {
      const q = cacheWith([a]);
      applyLiveChange(q, { at: 1, ...change });
      expect(stale(q, instanceKeys.list({ page: 1, search: '' })), change.type).toBe(true);
    }
  });
  it('leaves a list that does not show the instance as it was: a list a mutation invalidated stays invalidated', () => {
    const a = makeInstance({ instanceId: 'ins_a' });
    const q = cacheWith([]);
    // A create from another screen invalidated the (empty) list; the stream then tells of a change to another instance.
    void q.invalidateQueries({ queryKey: instanceKeys.lists(), refetchType: 'none' });
    applyLiveChange(q, { type: 'instance.renamed', at: 1, instanceId: 'ins_a', instance: a });
    expect(stale(q, instanceKeys.list({ page: 1, search: '' }))).toBe(true);
    expect(listed(q).instances).toEqual([]);
  });
});

describe('applySupportMessage', () => {
  it('reads the support badge, list and threads again on a support message, and nothing of the instances', () => {
    const a = makeInstance({ instanceId: 'ins_a' });
    const q = cacheWith([a]);
    q.setQueryData(supportKeys.unread(), { unread: 0 });
    q.setQueryData(supportKeys.thread('c1'), { conversation: {}, messages: [] });
    applySupportMessage(q, JSON.stringify({ type: 'support.message', at: 1, conversationId: 'c1' }));
    expect(stale(q, supportKeys.unread())).toBe(true);
    expect(stale(q, supportKeys.thread('c1'))).toBe(true);
    expect(stale(q, instanceKeys.detail('ins_a'))).toBe(false);
  });

  it('ignores a message it does not understand', () => {
    const q = new QueryClient();
    q.setQueryData(supportKeys.unread(), { unread: 0 });
    applySupportMessage(q, 'not json');
    applySupportMessage(q, JSON.stringify({ conversationId: 1 }));
    expect(stale(q, supportKeys.unread())).toBe(false);
  });
});
