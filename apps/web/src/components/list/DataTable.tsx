import type { ReactNode } from 'react';
import { Paper, Skeleton, Table, VisuallyHidden } from '@mantine/core';

interface Props {
  /** The table's accessible name, e.g. 'Team members'. */
  label: string;
  /** The visible column headers, in order. */
  columns: readonly string[];
  /**
   * Columns left out below Mantine's `sm` breakpoint (a phone), so the ones that matter stay in
   * view rather than scrolled off to the side; the rows leave out the same cells (`visibleFrom="sm"`)
   * and say what matters of them elsewhere.
   */
  wideOnly?: readonly string[];
  /** A last column of row controls, headed 'Actions' for screen readers only. */
  actions?: boolean;
  /** Narrower than this, the table scrolls inside its frame; without it the whole frame scrolls sideways. */
  minWidth?: number;
  highlightOnHover?: boolean;
  /** aria-busy: another page is on its way. */
  busy?: boolean;
  /** Three placeholder rows (a bar per column) in place of the rows while the first page loads; the table is then busy and says 'Loading {label}'. */
  loading?: boolean;
  /** The rows. */
  children?: ReactNode;
}

/** The bordered frame, header and body every list table shares. */
export function DataTable({ label, columns, wideOnly = [], actions = false, minWidth, highlightOnHover, busy, loading = false, children }: Props) {
  const from = (column: string) => (wideOnly.includes(column) ? 'sm' : undefined);
  const table = (
    <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover={highlightOnHover} aria-busy={busy || loading} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c} visibleFrom={from(c)}>
              {c}
            </Table.Th>
          ))}
          {actions && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loading
          ? [0, 1, 2].map((n) => (
              <Table.Tr key={n}>
                {columns.map((c, i) => (
                  <Table.Td key={c} visibleFrom={from(c)}>
                    {/* The bars say nothing to a screen reader: the first one says what is coming. */}
                    {n === 0 && i === 0 && <VisuallyHidden>Loading {label.toLowerCase()}</VisuallyHidden>}
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          : children}
      </Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? (
    // Focusable: on a narrow screen the table scrolls sideways in its frame, and a keyboard scrolls only what has the focus.
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }} tabIndex={0}>
      {table}
    </Paper>
  ) : (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        {table}
      </Table.ScrollContainer>
    </Paper>
  );
}
