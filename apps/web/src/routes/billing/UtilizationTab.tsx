import { Badge, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import IconReceipt from '@tabler/icons-react/dist/esm/icons/IconReceipt.mjs';
import { HOURLY_DIGITS, PROVIDER_LABELS, findRegion, formatMoney, formatUnitPrice, type Provider, type Utilization } from '@replay/contracts';
import { EmptyState } from '../../components/EmptyState';
import { DataTable } from '../../components/list/DataTable';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { formatCount, formatPeriod } from '../../features/billing/format';
import { useUtilization } from '../../features/billing/hooks';

export const NO_USAGE = 'No usage in this period yet.';
export const FREE_TRIAL = 'Free trial';

const regionLabel = (provider: Provider, region: string) => findRegion(provider, region)?.label ?? region;
const FreeTrialBadge = () => (
  <Badge size="xs" variant="light" color="teal" ml={6}>
    {FREE_TRIAL}
  </Badge>
);

/** The running period's compute and storage, and their total (spec: tab Utilization). */
export function UtilizationTab() {
  const query = useUtilization();
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading utilization">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <LoadError message={withServerReason('The utilization could not be loaded.', query.error)} onRetry={() => void query.refetch()} />;
  const u = query.data;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Period: {formatPeriod(u.periodStart, u.periodEnd)}
      </Text>
      {u.instances.length === 0 && u.storages.length === 0 ? <EmptyState icon={<IconReceipt size={32} />} title={NO_USAGE} /> : <UsageTables usage={u} />}
      <Group justify="flex-end" gap="xs">
        <Text fw={600}>Total</Text>
        <Text fw={600} data-testid="utilization-total">
          {formatMoney(u.total)}
        </Text>
      </Group>
    </Stack>
  );
}

function UsageTables({ usage }: { usage: Utilization }) {
  return (
    <>
      {usage.instances.length > 0 && (
        <section aria-labelledby="usage-compute">
          <Title order={3} size="h5" id="usage-compute" mb="xs">
            Compute
          </Title>
          <DataTable label="Compute usage" columns={['Provider', 'Region', 'Instance type', 'Instances', 'Hours', 'Hourly price', 'Cost']} minWidth={720}>
            {usage.instances.map((row) => (
              <Table.Tr key={`${row.provider}|${row.region}|${row.instanceType}|${row.freeTrial}`} data-testid="utilization-instance-row">
                <Table.Td>{PROVIDER_LABELS[row.provider]}</Table.Td>
                <Table.Td>{regionLabel(row.provider, row.region)}</Table.Td>
                <Table.Td>
                  {row.capacity}
                  {row.freeTrial && <FreeTrialBadge />}
                  <Text size="xs" c="dimmed">
                    {row.configuration}
                  </Text>
                </Table.Td>
                <Table.Td>{formatCount(row.instancesCount)}</Table.Td>
                <Table.Td>{formatCount(row.utilizationHours)}</Table.Td>
                <Table.Td>{formatMoney(row.hourlyPrice, HOURLY_DIGITS)}</Table.Td>
                <Table.Td>{formatMoney(row.cost)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </section>
      )}
      {usage.storages.length > 0 && (
        <section aria-labelledby="usage-storage">
          <Title order={3} size="h5" id="usage-storage" mb="xs">
            Storage
          </Title>
          <DataTable label="Storage usage" columns={['Provider', 'Region', 'Instances', 'GB-hours', 'Price per GB-hour', 'Cost']} minWidth={720}>
            {usage.storages.map((row) => (
              <Table.Tr key={`${row.provider}|${row.region}|${row.freeTrial}`} data-testid="utilization-storage-row">
                <Table.Td>{PROVIDER_LABELS[row.provider]}</Table.Td>
                <Table.Td>
                  {regionLabel(row.provider, row.region)}
                  {row.freeTrial && <FreeTrialBadge />}
                </Table.Td>
                <Table.Td>{formatCount(row.instancesCount)}</Table.Td>
                <Table.Td>{formatCount(row.storage)}</Table.Td>
                <Table.Td>{formatUnitPrice(row.pricePerGbHour, row.currency)}</Table.Td>
                <Table.Td>{formatMoney(row.cost)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </section>
      )}
    </>
  );
}
