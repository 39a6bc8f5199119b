import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { LIST_PARAMS, usePageParam } from './paging';

export interface ListParams {
  /** The page asked for in the address (1 when absent or unreadable). */
  page: number;
  /** The search the list is filtered by: what the address says, trimmed. */
  query: string;
  /** What the search box shows right now (ahead of `query` while typing). */
  text: string;
  setText: (text: string) => void;
  setPage: (page: number) => void;
}

/**
 * Page and search of a list, kept in the address (`?page=` and `?q=`) so a
 * reload (or a shared link) shows the same slice. Typing updates the box at
 * once and the address after `debounceMs` of quiet, going back to page 1; the
 * list queries only follow the address, so the server sees one search per
 * pause, not per key.
 */
export function useListParams(debounceMs: number): ListParams {
  const [page, setPage] = usePageParam();
  const [params, setParams] = useSearchParams();
  const query = (params.get(LIST_PARAMS.query) ?? '').trim();
  const [text, setText] = useState(query);
  const [debounced] = useDebouncedValue(text, debounceMs);
  // The search this hook last wrote, so its own address change is not mistaken for a back/forward.
  const written = useRef(query);

  useEffect(() => {
    const next = debounced.trim();
    if (next === written.current) return;
    written.current = next;
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next) out.set(LIST_PARAMS.query, next);
        else out.delete(LIST_PARAMS.query);
        out.delete(LIST_PARAMS.page);
        return out;
      },
      { replace: true },
    );
    // Only a settled search moves the address: a new `setParams` (each address change makes one) finds it written already.
  }, [debounced, setParams]);

  // Back/forward (or a link) changed the search: the box follows.
  useEffect(() => {
    if (query === written.current) return;
    written.current = query;
    setText(query);
  }, [query]);

  return { page, query, text, setText, setPage };
}
