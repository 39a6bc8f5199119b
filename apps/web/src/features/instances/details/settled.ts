import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { instanceKeys } from '../api';

/**
 * Reads the instance's Events again when a change the workflow carries out settles
 * (`pending` turns false): its success or failure record is there by then.
 */
export function useEventsWhenSettled(instanceId: string, pending: boolean): void {
  const queryClient = useQueryClient();
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void queryClient.invalidateQueries({ queryKey: instanceKeys.allEvents(instanceId) });
    wasPending.current = pending;
  }, [pending, instanceId, queryClient]);
}
