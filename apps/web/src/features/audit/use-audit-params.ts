import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { TIMINGS_MS } from '@replay/contracts';
import { LIST_PARAMS } from '../../components/list/paging';
import { useListParams } from '../../components/list/use-list-params';
import { DEFAULT_PERIOD, isPeriodPreset, type PeriodChoice } from './period';

/** Query-string names of the audit filters (page and text come from useListParams). */
const P = { period: 'period', from: 'from', to: 'to', user: 'user', action: 'action' } as const;

export interface AuditParams {
  page: number;
  setPage: (page: number) => void;
  /** Text filter: what the box shows, and what the list is filtered by (after 500 ms). */
  text: string;
  setText: (text: string) => void;
  query: string;
  choice: PeriodChoice;
  userId: string | null;
  action: string | null;
  /** Changes some filters at once and goes back to page 1; null removes one. */
  setFilters: (changes: Partial<Record<keyof typeof P, string | null>>) => void;
}

/** Every audit filter lives in the address, so a reload or a shared link shows the same entries. */
export function useAuditParams(): AuditParams {
  const list = useListParams(TIMINGS_MS.searchDebounce);
  const [params, setParams] = useSearchParams();
  const raw = params.get(P.period);
  const choice: PeriodChoice = {
    preset: isPeriodPreset(raw) ? raw : DEFAULT_PERIOD,
    from: params.get(P.from) ?? '',
    to: params.get(P.to) ?? '',
  };

  const setFilters = useCallback<AuditParams['setFilters']>(
    (changes) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            const name = P[key as keyof typeof P];
            if (value) out.set(name, value);
            else out.delete(name);
          }
          if (out.get(P.period) === DEFAULT_PERIOD) out.delete(P.period);
          out.delete(LIST_PARAMS.page);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    page: list.page,
    setPage: list.setPage,
    text: list.text,
    setText: list.setText,
    query: list.query,
    choice,
    userId: params.get(P.user),
    action: params.get(P.action),
    setFilters,
  };
}
