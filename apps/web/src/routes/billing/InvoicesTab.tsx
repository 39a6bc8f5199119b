import { useState } from 'react';
import { Anchor, Badge, Button, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import IconFileInvoice from '@tabler/icons-react/dist/esm/icons/IconFileInvoice.mjs';
import { INVOICES_PAGE_SIZE, formatMoney, type Invoice, type InvoiceStatus } from '@replay/contracts';
import { EmptyState } from '../../components/EmptyState';
import { DataTable } from '../../components/list/DataTable';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { formatPeriod } from '../../features/billing/format';
import { useInvoices } from '../../features/billing/hooks';
import { downloadInvoicePdf } from '../../features/billing/invoice-pdf';
import { errorMessage } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { notifyError } from '../../lib/notify';

export const NO_INVOICES = 'No invoices yet. The first is issued when the current period closes.';
export const LOAD_MORE = 'Load More';
export const PDF_FAILED = 'The invoice PDF could not be downloaded.';

const STATUS: Record<InvoiceStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'teal' },
  open: { label: 'Open', color: 'blue' },
  void: { label: 'Void', color: 'gray' },
  uncollectible: { label: 'Uncollectible', color: 'red' },
};

/** The account's invoices, newest first: 10 a table page over those fetched, 'Load More' for the next 30. */
export function InvoicesTab() {
  const query = useInvoices();
  const [page, setPage] = useState(1);
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading invoices">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <LoadError message={withServerReason('The invoices could not be loaded.', query.error)} onRetry={() => void query.refetch()} />;
  const { rows, total, hasMore } = query.data;
  if (rows.length === 0) return <EmptyState icon={<IconFileInvoice size={32} />} title={NO_INVOICES} />;

  const pages = Math.max(1, Math.ceil(rows.length / INVOICES_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * INVOICES_PAGE_SIZE, current * INVOICES_PAGE_SIZE);
  const loadMore = async () => {
    const before = rows.length;
    const next = await query.fetchNextPage();
    // The table turns to the first of the rows just fetched, so the click shows something new.
    if ((next.data?.rows.length ?? 0) > before) setPage(Math.floor(before / INVOICES_PAGE_SIZE) + 1);
  };

  return (
    <Stack gap="md">
      <DataTable label="Invoices" columns={['Number', 'Date', 'Period', 'Status', 'Total']} actions minWidth={760} busy={query.isFetchingNextPage}>
        {shown.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} />
        ))}
      </DataTable>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {(current - 1) * INVOICES_PAGE_SIZE + 1} to {(current - 1) * INVOICES_PAGE_SIZE + shown.length} of {total} invoices.
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === current ? 'page' : undefined })}
          />
        )}
      </Group>
      {hasMore && (
        <Group justify="center">
          <Button variant="default" onClick={() => void loadMore()} loading={query.isFetchingNextPage} data-testid="invoices-load-more">
            {LOAD_MORE}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const [downloading, setDownloading] = useState(false);
  const status = STATUS[invoice.status];
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      // The server's reason under the title when it gave one; the title alone otherwise.
      const reason = errorMessage(error, '');
      if (reason) notifyError(reason, PDF_FAILED);
      else notifyError(PDF_FAILED);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Table.Tr data-testid="invoice-row">
      <Table.Td>{invoice.number}</Table.Td>
      <Table.Td>{formatDate(invoice.created * 1000)}</Table.Td>
      <Table.Td>{formatPeriod(invoice.periodStart, invoice.periodEnd)}</Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
        {invoice.status === 'open' && invoice.lastPaymentError && (
          <Text size="xs" c="red" mt={4}>
            {invoice.lastPaymentError}
            {invoice.nextPaymentAttempt !== null && ` Next attempt ${formatDateTime(invoice.nextPaymentAttempt)}.`}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatMoney(invoice.total)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={() => void download()} loading={downloading} aria-label={`PDF of invoice ${invoice.number}`}>
            PDF
          </Button>
          <Anchor href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`View invoice ${invoice.number} (opens in a new tab)`}>
            View
          </Anchor>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
