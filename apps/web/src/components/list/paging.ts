import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** Query-string names of a paged list: `?page=2&q=text`, so a reload or a shared link shows the same slice. */
export const LIST_PARAMS = { page: 'page', query: 'q' } as const;

/** The page asked for in the address: 1 when absent or unreadable. */
export function readPage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The last page of `total` rows, at least 1 (spec: a page number lies between 1 and the number of pages). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page kept in the address (`?page=`), and a setter that leaves page 1 out of it. */
export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
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
  return [readPage(params.get(LIST_PARAMS.page)), setPage];
}

/**
 * A page past the end (rows removed, or an old link) goes to the last one.
 * `total` is undefined while it is not known (nothing read yet, or a
 * placeholder still showing) and then nothing moves.
 */
export function useClampPage(page: number, setPage: (page: number) => void, total: number | undefined, pageSize: number): void {
  useEffect(() => {
    if (total === undefined) return;
    const last = lastPage(total, pageSize);
    if (page > last) setPage(last);
  }, [page, setPage, total, pageSize]);
}
