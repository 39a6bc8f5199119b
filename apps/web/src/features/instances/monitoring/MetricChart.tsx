import 'uplot/dist/uPlot.min.css';
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { chartColors } from '../../../app/theme';
import { formatDateTime } from '../../../lib/format-date';
import { isolatedIndices, summarize, type AlignedSeries } from './aligned';

const HEIGHT = 180;

export interface MetricChartProps {
  title: string;
  /** One label per value series of `data` (e.g. 'In', 'Out'). */
  seriesLabels: readonly string[];
  data: AlignedSeries;
  format: (value: number) => string;
  /** The y axis' labels (coarser than the values shown on hover). */
  formatAxis: (value: number) => string;
  /** Percentages: the y axis always shows 0 to 100, so 5 % does not look like a full chart. */
  percent: boolean;
  /** 'the last 1 hour', for the empty state and the text summary. */
  rangeLabel: string;
}

const timeOf = (seconds: number) => formatDateTime(seconds * 1000);

/** A series' newest sample on the chart (null: none in the window); the chart's data is an AlignedSeries. */
const latestSample = (u: uPlot, seriesIdx: number) => summarize(u.data[0] as number[], (u.data[seriesIdx] ?? []) as (number | null)[]).latest;

/** The legend's time away from the chart: that of the newest sample of any series. */
function latestTimeText(u: uPlot): string {
  const times = u.data.slice(1).map((_, i) => latestSample(u, i + 1)?.time ?? -Infinity);
  const newest = Math.max(...times);
  return Number.isFinite(newest) ? `latest, ${timeOf(newest)}` : '–';
}

function options(props: MetricChartProps, width: number): uPlot.Options {
  const colors = chartColors();
  const axis = { stroke: colors.axis, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid, width: 1 } };
  return {
    width,
    height: HEIGHT,
    scales: {
      x: { time: true },
      y: { range: (_u, _min, max) => [0, props.percent ? Math.max(100, max) : Math.max(1, max) * 1.1] },
    },
    series: [
      // Hover shows the time and each value in the legend (uPlot's live legend); away from the
      // chart (no index) it shows each series' latest sample, and that sample's time.
      { label: 'Time', value: (u, v, _s, idx) => (idx == null ? latestTimeText(u) : v == null ? '–' : timeOf(v)) },
      ...props.seriesLabels.map((label, i) => ({
        label,
        stroke: colors.lines[i % colors.lines.length],
        width: 2,
        // A step without a sample stays a gap: never bridged, never drawn as zero.
        spanGaps: false,
        // Only the samples a line cannot show (no neighbour) are drawn as dots.
        points: { show: true, size: 5, filter: (u: uPlot, seriesIdx: number) => isolatedIndices(u.data[seriesIdx] ?? []) },
        value: (u: uPlot, v: number | null, seriesIdx: number, idx: number | null) => {
          const shown = idx == null ? latestSample(u, seriesIdx)?.value : v;
          return shown == null ? 'no data' : props.format(shown);
        },
      })),
    ],
    axes: [axis, { ...axis, size: 64, values: (_u, splits) => splits.map((v) => props.formatAxis(v)) }],
    legend: { live: true },
  };
}

/** In words what the canvas shows, for a screen reader: latest value and time, lowest and highest, coverage. */
function textSummary(props: MetricChartProps): string {
  const [times, ...values] = props.data;
  return values
    .map((series, i) => {
      const s = summarize(times, series);
      const name = props.seriesLabels.length > 1 ? `${props.title} ${props.seriesLabels[i]}` : props.title;
      if (!s.latest) return `${name}: no data in ${props.rangeLabel}.`;
      return `${name}: latest ${props.format(s.latest.value)} at ${timeOf(s.latest.time)}; over ${props.rangeLabel} from ${props.format(s.min!)} to ${props.format(s.max!)}, ${s.sampled} of ${s.steps} points with data.`;
    })
    .join(' ');
}

/**
 * One monitoring chart (uPlot on a canvas) under its heading, sized to its
 * container's width as that changes. The canvas says nothing to a screen
 * reader, so the section carries a visually hidden summary and the drawing
 * is hidden from it.
 */
export function MetricChart(props: MetricChartProps) {
  const headingId = useId();
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const hasData = props.data.slice(1).some((series) => series.some((v) => v !== null));

  // Built once per chart (and when it comes back from its empty state); new data goes through setData below.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = new uPlot(options(latest.current, el.clientWidth || 600), latest.current.data, el);
    plot.current = chart;
    const resize = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [hasData]);

  useEffect(() => {
    plot.current?.setData(props.data);
  }, [props.data]);

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb="xs">
        {props.title}
      </Title>
      <VisuallyHidden>{textSummary(props)}</VisuallyHidden>
      {hasData ? (
        <div ref={container} aria-hidden />
      ) : (
        <Text c="dimmed" size="sm" py="xl" ta="center" aria-hidden>
          No data in {props.rangeLabel}.
        </Text>
      )}
    </Paper>
  );
}
