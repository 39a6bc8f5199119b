import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMINGS_MS } from '@replay/contracts';

/** Query-string names: `?page=2&q=text`, so a reload or a shared link shows the same slice. */
export const LIST_PARAMS = { page: 'page', search: 'q' } as const;

export function readPage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * Page and search of the instances list, kept in the address. The search box
 * follows typing at once; the address (and so the server query) follows it
 * after 500 ms of quiet, going back to page 1.
 */
export function useListParams(debounceMs: number = TIMINGS_MS.searchDebounce) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get(LIST_PARAMS.page));
  const search = (params.get(LIST_PARAMS.search) ?? '').trim();
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text, debounceMs);
  // The search this hook last wrote, to tell its own address change from back/forward.
  const written = useRef(search);

  useEffect(() => {
    const next = debounced.trim();
    if (next === written.current) return;
    written.current = next;
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next) out.set(LIST_PARAMS.search, next);
        else out.delete(LIST_PARAMS.search);
        out.delete(LIST_PARAMS.page);
        return out;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  // Back/forward to another search: the box shows it.
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setText(search);
  }, [search]);

  const setPage = useCallback(
    (next: number) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (next > 1) out.set(LIST_PARAMS.page, String(next));
        else out.delete(LIST_PARAMS.page);
        return out;
      }),
    [setParams],
  );

  return { page, search, text, setText, setPage };
}
