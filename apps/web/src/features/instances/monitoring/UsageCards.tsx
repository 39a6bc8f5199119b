import '@mantine/core/styles/Progress.css';
import { Card, Group, Progress, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { USAGE_ALERT_PERCENT, type Statistics } from '@replay/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { formatPercent } from './format';
import { useStatistics } from './hooks';

const CARDS = [
  { key: 'cpu', title: 'CPU' },
  { key: 'memory', title: 'Memory' },
  { key: 'disk', title: 'Disk usage' },
] as const;

export const NO_DATA_YET = 'No data yet';

/** Spec section 9: usage bars go red at 80 % or more. */
export const isAlertUsage = (percent: number) => percent >= USAGE_ALERT_PERCENT;

function UsageCard({ title, value, loading }: { title: string; value: number | null; loading: boolean }) {
  const alert = value !== null && isAlertUsage(value);
  return (
    <Card withBorder radius="md" padding="md" data-usage={title} data-alert={alert || undefined}>
      <Group justify="space-between" align="baseline">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {title}
        </Text>
        {loading ? (
          <Skeleton height={16} width={48} aria-hidden />
        ) : (
          <Text fw={600} c={alert ? 'red' : undefined}>
            {value === null ? NO_DATA_YET : formatPercent(value)}
          </Text>
        )}
      </Group>
      <Progress.Root size="md" mt="sm">
        {value !== null && (
          // The bar is a progressbar named by its card; its value is the figure read aloud.
          <Progress.Section value={Math.min(100, value)} color={alert ? 'red' : 'blue'} aria-label={`${title} usage`} />
        )}
      </Progress.Root>
    </Card>
  );
}

/**
 * The CPU, Memory and Disk usage cards (spec section 2) from the latest sample,
 * read again every 60 s. Before the first sample (a new or never-started
 * instance) every figure is null, shown as 'No data yet', not as 0 %.
 */
export function UsageCards({ instanceId, enabled }: { instanceId: string; enabled: boolean }) {
  const statistics = useStatistics(instanceId, enabled);
  const data: Statistics | undefined = statistics.data;
  const loading = enabled && statistics.isPending;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mb={4}>
        {CARDS.map((c) => (
          <UsageCard key={c.key} title={c.title} value={data?.[c.key] ?? null} loading={loading} />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mb="lg">
        {loading ? 'Loading usage…' : data?.sampledAt ? `Sampled ${formatDateTime(data.sampledAt)}, every minute while the instance runs.` : 'Sampled every minute while the instance runs.'}
      </Text>
    </>
  );
}
