import { Group, Pagination, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { lastPage } from './paging';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** The plural noun of the rows: 'Showing 1 to 10 of 42 members.' */
  noun: string;
  onPage: (page: number) => void;
}

/** 'Showing X to Y of Z {noun}.' and a pager (buttons: reachable and usable from the keyboard). */
export function ListFooter({ page, pageSize, total, noun, onPage }: Props) {
  const pages = lastPage(total, pageSize);
  const current = Math.min(page, pages);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {from} to {to} of {total} {noun}.
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === current ? 'page' : undefined })}
        />
      )}
    </Group>
  );
}
