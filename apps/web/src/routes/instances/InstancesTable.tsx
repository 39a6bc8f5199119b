import { Paper, Skeleton, Table } from '@mantine/core';
import type { Instance } from '@replay/contracts';
import { InstanceRow } from './InstanceRow';

export const INSTANCE_COLUMNS = ['Name', 'Capacity', 'Region', 'Last Modified', 'Status'] as const;

/** The instances table (spec section 2); `instances` undefined while the first page loads. */
export function InstancesTable({ instances, busy }: { instances: Instance[] | undefined; busy: boolean }) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-busy={busy} aria-label="Instances">
        <Table.Thead>
          <Table.Tr>
            {INSTANCE_COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {instances
            ? instances.map((i) => <InstanceRow key={i.instanceId} instance={i} />)
            : [0, 1, 2].map((n) => (
                <Table.Tr key={n}>
                  {INSTANCE_COLUMNS.map((c) => (
                    <Table.Td key={c}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
