import { Group, Pagination, Text } from '@mantine/core';
import { lastPage, showingText } from '../format';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** Plural noun of the rows: 'Showing 1 to 10 of 42 instances.' */
  noun: string;
  onPage: (page: number) => void;
}

/** 'Showing X to Y of Z {noun}.' and a pager of buttons (reachable from the keyboard). */
export function ListFooter({ page, pageSize, total, noun, onPage }: Props) {
  const pages = lastPage(total, pageSize);
  const current = Math.min(page, pages);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingText(current, pageSize, total, noun)}
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
