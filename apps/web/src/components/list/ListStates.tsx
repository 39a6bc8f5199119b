import type { ReactNode } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListFooter } from './ListFooter';
import { LoadError } from './LoadError';
import { withStatusText } from './status-text';

interface Props<T> {
  query: UseQueryResult<T>;
  /** Until the first answer: `rows` bars of `height` px, named `label` (e.g. 'Loading team members'). */
  loading: { label: string; rows: number; height: number };
  /** 'Error fetching team members': the error state adds the status text and offers Try again. */
  errorPrefix: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** A paged list: the footer ('Showing X to Y of Z {noun}.' and the pager) under the rows. */
  paging?: { page: number; pageSize: number; total: number; noun: string; onPage: (page: number) => void };
  /** The rows (a table) once there are some. */
  children: (data: T) => ReactNode;
}

/** A list read by one query: loading bars, then its error, its empty state, or its rows (and footer). */
export function ListStates<T>({ query, loading, errorPrefix, isEmpty, empty, paging, children }: Props<T>) {
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={loading.label}>
        {Array.from({ length: loading.rows }, (_, i) => (
          <Skeleton key={i} height={loading.height} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <LoadError message={withStatusText(errorPrefix, query.error)} onRetry={() => void query.refetch()} />;
  if (isEmpty(query.data)) return empty;
  if (!paging) return children(query.data);
  return (
    <div>
      {children(query.data)}
      <ListFooter {...paging} />
    </div>
  );
}
