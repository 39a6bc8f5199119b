import type { Instance } from '@replay/contracts';
import { DataTable } from '../../components/list/DataTable';
import { InstanceRow } from './InstanceRow';

export const INSTANCE_COLUMNS = ['Name', 'Capacity', 'Region', 'Last Modified', 'Status'] as const;
/** On a phone: the name (with its capacity and region under it) and the status, side by side. */
export const WIDE_ONLY_INSTANCE_COLUMNS = ['Capacity', 'Region', 'Last Modified'] as const;

/** The instances table (spec section 2); `instances` undefined while the first page loads. */
export function InstancesTable({ instances, busy }: { instances: Instance[] | undefined; busy: boolean }) {
  return (
    <DataTable label="Instances" columns={INSTANCE_COLUMNS} wideOnly={WIDE_ONLY_INSTANCE_COLUMNS} highlightOnHover busy={busy} loading={!instances}>
      {instances?.map((i) => (
        <InstanceRow key={i.instanceId} instance={i} />
      ))}
    </DataTable>
  );
}
