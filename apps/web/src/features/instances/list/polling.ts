import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TIMINGS_MS, type Instance, type InstanceStatus } from '@replay/contracts';
import { accountKeys } from '../../account/api';
import { instanceKeys, instancesApi } from '../api';
import { needsStatusPoll, statusChanged } from '../rules';
import { useLiveStatus } from '../live-status/live-status';

type Shown = Pick<Instance, 'instanceId' | 'status' | 'inProgress'>;
type Polled = { instanceId: string; status: InstanceStatus; inProgress: boolean };

/** Something moved: read the instance again (its URL, health and events change with it). */
function refreshChanged(queryClient: QueryClient, changed: Polled[]): void {
  if (changed.length === 0) return;
  void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
  for (const { instanceId } of changed) {
    void queryClient.invalidateQueries({ queryKey: instanceKeys.detail(instanceId) });
    void queryClient.invalidateQueries({ queryKey: instanceKeys.allHealth(instanceId) });
  }
  // Spec section 4: on terminated the account is read again (its instance count feeds the billing gate).
  if (changed.some((c) => c.status === 'terminated')) void queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/**
 * Spec section 4: while an instance is in progress (or upgrading its
 * version) its status is polled every 10 s; on a change the instance is read
 * again, and once it is no longer in progress it drops out of the poll. The
 * list asks for all of them in one call (POST …/status), the details screen
 * for its one instance (GET …/{id}/status). It is the fallback of the live
 * status push (live-status.ts): while the stream is open, every change
 * arrives as it commits and nothing is polled.
 */
export function useStatusPolling(instances: readonly Shown[], mode: 'list' | 'details'): void {
  const queryClient = useQueryClient();
  const live = useLiveStatus();
  const polled = live ? [] : instances.filter((i) => needsStatusPoll(i));
  const ids = polled.map((i) => i.instanceId).join(',');
  // The latest shown values, read by the timer without restarting it on every render.
  const shown = useRef(polled);
  shown.current = polled;

  useEffect(() => {
    if (!ids) return;
    let live = true;
    const tick = async () => {
      const current = shown.current;
      try {
        const answers: Polled[] =
          mode === 'list'
            ? (await instancesApi.statuses(current.map((i) => i.instanceId))).statuses
            : current[0]
              ? [{ instanceId: current[0].instanceId, ...(await instancesApi.status(current[0].instanceId)) }]
              : [];
        if (!live) return;
        const changed = answers.filter((a) => {
          const before = current.find((i) => i.instanceId === a.instanceId);
          return before !== undefined && statusChanged(before, a);
        });
        refreshChanged(queryClient, changed);
      } catch {
        // A missed poll is retried at the next tick.
      }
    };
    const timer = setInterval(() => void tick(), TIMINGS_MS.statusPoll);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [ids, mode, queryClient]);
}

/**
 * Calls `onReturn` when the tab becomes visible again after being hidden for
 * longer than `afterMs` (the instances list: 300000 ms, spec section 2).
 */
export function useRefetchOnReturn(onReturn: () => void, afterMs: number = TIMINGS_MS.tabHiddenRefetch): void {
  const callback = useRef(onReturn);
  callback.current = onReturn;
  useEffect(() => {
    let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
    const onChange = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
      } else if (hiddenAt !== null) {
        const away = Date.now() - hiddenAt;
        hiddenAt = null;
        if (away > afterMs) callback.current();
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [afterMs]);
}
