import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { useDrawingArea, useXScale } from '@mui/x-charts/hooks';
import type { ReportView } from '@preflight/shared';
import { brand } from '../../../theme';
import { formatDuration } from '../../../shared/reports';
import { AFTER_EDIT, CHART_HEIGHT, CUT_RANGE, DROP, MEASURED } from './retentionChartStyle';

interface Props {
  xs: number[];
  ys: number[];
  /** The retention value at each predicted drop-off, null elsewhere. */
  marks: (number | null)[];
  dropOffs: ReportView['dropOffs'];
  /** The measured retention at each predicted second (null where not measured); absent = prediction only. */
  measured?: (number | null)[];
  /** The retention predicted after the edit at each second of the tightened video (null past its end). */
  after?: (number | null)[];
  /** The source ranges the edit removes (the enabled cuts), shaded over the chart. */
  cutRanges?: { start: number; end: number }[];
  onSeek: (seconds: number) => void;
}

/** The removed ranges as translucent bands across the plot (in source time, as the before-curve). */
function CutBands({ ranges }: { ranges: { start: number; end: number }[] }) {
  const x = useXScale<'linear'>();
  const area = useDrawingArea();
  return (
    <g data-testid="edit-cut-bands">
      {ranges.map((r) => {
        const left = x(r.start) ?? area.left;
        const right = x(r.end) ?? area.left;
        return <rect key={`${r.start}-${r.end}`} x={left} y={area.top} width={Math.max(1, right - left)} height={area.height} fill={CUT_RANGE} fillOpacity={0.14} />;
      })}
    </g>
  );
}

/** The line chart of RetentionChart, in its own module so MUI X Charts loads only where a chart shows. */
export default function RetentionLineChart({ xs, ys, marks, dropOffs, measured, after, cutRanges, onSeek }: Props) {
  // Measured retention counts replays: a looping short starts above 100 %.
  const top = Math.max(100, Math.ceil(Math.max(0, ...(measured ?? []).map((v) => v ?? 0)) / 10) * 10);
  return (
    <LineChart
      height={CHART_HEIGHT}
      skipAnimation
      hideLegend={!measured && !after}
      // Room on the right for half of the last time label ("1:00:00" on an hour-long video), centred on the chart's edge.
      margin={{ left: 0, right: 24, top: 16, bottom: 0 }}
      xAxis={[{ data: xs, valueFormatter: (v: number) => formatDuration(v), tickMinStep: 1 }]}
      yAxis={[{ min: 0, max: top, valueFormatter: (v: number) => `${v}%`, width: 44 }]}
      series={[
        { id: 'retention', data: ys, label: 'Predicted retention', area: true, showMark: false, color: brand.violet, valueFormatter: (v) => (v === null ? '' : `${v}%`) },
        ...(measured
          ? [{ id: 'measured', data: measured, label: 'Measured retention', showMark: false, connectNulls: false, color: MEASURED, valueFormatter: (v: number | null) => (v === null ? '' : `${v}% measured`) }]
          : []),
        ...(after
          ? [{ id: 'after-edit', data: after, label: 'After the edit (its own times)', showMark: false, connectNulls: false, color: AFTER_EDIT, valueFormatter: (v: number | null) => (v === null ? '' : `${v}% after the edit`) }]
          : []),
        { id: 'dropoffs', data: marks, label: 'Predicted drop-off', showMark: true, connectNulls: false, color: DROP, valueFormatter: (v) => (v === null ? '' : 'drop-off') },
      ]}
      onAxisClick={(_, data) => data && onSeek(Number(data.axisValue))}
      onMarkClick={(_, item) => item.dataIndex !== undefined && onSeek(xs[item.dataIndex] ?? 0)}
      sx={{
        '& .MuiLineChart-area': { fillOpacity: 0.16 },
        '& .MuiLineChart-line': { strokeWidth: 2.5 },
        '& .MuiLineChart-mark': { cursor: 'pointer', strokeWidth: 3 },
        cursor: 'pointer',
      }}
    >
      {cutRanges && cutRanges.length > 0 && <CutBands ranges={cutRanges} />}
      {dropOffs.map((d) => (
        <ChartsReferenceLine key={d.seconds} x={d.seconds} lineStyle={{ stroke: DROP, strokeDasharray: '4 4', strokeOpacity: 0.7 }} />
      ))}
    </LineChart>
  );
}
