import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Group, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import type { Graphs } from '@replay/contracts';
import { Spinner } from '../../../components/Spinner';
import { alignSeries, type AlignedSeries } from './aligned';
import { formatBytesPerSecond, formatPercent } from './format';
import { useGraphs } from './hooks';
import { MONITORING_RANGES, readRange, type RangeValue } from './ranges';
import { MetricChart } from './MetricChart';

/** The query-string name of the chosen window (`?range=1d`), so a reload or a shared link shows the same one. */
export const RANGE_PARAM = 'range';

type SeriesKey = Exclude<keyof Graphs, 'start' | 'end' | 'step'>;
interface ChartSpec {
  title: string;
  series: readonly SeriesKey[];
  labels: readonly string[];
  format: (value: number) => string;
  formatAxis: (value: number) => string;
  percent: boolean;
}

const percentAxis = (value: number) => formatPercent(value, 0);

const CHARTS: readonly ChartSpec[] = [
  { title: 'CPU', series: ['cpu'], labels: ['CPU'], format: formatPercent, formatAxis: percentAxis, percent: true },
  { title: 'Memory', series: ['memory'], labels: ['Memory'], format: formatPercent, formatAxis: percentAxis, percent: true },
  { title: 'Disk', series: ['disk'], labels: ['Disk'], format: formatPercent, formatAxis: percentAxis, percent: true },
  { title: 'Network', series: ['networkIn', 'networkOut'], labels: ['In', 'Out'], format: formatBytesPerSecond, formatAxis: formatBytesPerSecond, percent: false },
];

function useRangeParam() {
  const [params, setParams] = useSearchParams();
  const range = readRange(params.get(RANGE_PARAM));
  const setRange = (value: RangeValue) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(RANGE_PARAM, value);
        return next;
      },
      { replace: true },
    );
  return [range, setRange] as const;
}

/**
 * The Monitoring tab (spec section 2 and 7): CPU, memory, disk and network of
 * the chosen window (1 hour, 2 hours, 1 day, 7 days), read again every 60 s
 * while the tab is open. Loaded as a chunk of its own when the tab opens, so
 * the details screen does not carry the chart library.
 */
export default function MonitoringTab({ instanceId }: { instanceId: string }) {
  const [range, setRange] = useRangeParam();
  const graphs = useGraphs(instanceId, range);
  const { data } = graphs;

  const aligned = useMemo(() => {
    if (!data) return null;
    return CHARTS.map(
      (c) =>
        alignSeries(
          data,
          c.series.map((key) => data[key]),
        ) as AlignedSeries,
    );
  }, [data]);

  const rangeLabel = `the last ${range.label}`;
  const empty = aligned !== null && aligned.every(([, ...values]) => values.every((v) => v.every((x) => x === null)));
  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <SegmentedControl aria-label="Time range" value={range.value} onChange={(v) => setRange(v as RangeValue)} data={MONITORING_RANGES.map((r) => ({ value: r.value, label: r.label }))} />
        {graphs.isFetching && <Spinner label="Loading graphs" size="sm" />}
      </Group>
      {aligned === null ? (
        graphs.isError ? (
          <Text c="dimmed" size="sm" py="md">
            The graphs could not be loaded. They are tried again every minute.
          </Text>
        ) : null
      ) : (
        <>
          {empty && (
            <Text c="dimmed" size="sm" mb="md">
              No samples in {rangeLabel}. The console samples a running instance every minute.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {CHARTS.map((c, i) => (
              <MetricChart key={c.title} title={c.title} seriesLabels={c.labels} data={aligned[i]!} format={c.format} formatAxis={c.formatAxis} percent={c.percent} rangeLabel={rangeLabel} />
            ))}
          </SimpleGrid>
        </>
      )}
    </>
  );
}
