import { LineChart } from '@mui/x-charts/LineChart';
import { formatDuration } from '../../../shared/reports';
import type { ComparisonChartData } from '../lib/chartData';
import { COMPARE_CHART_HEIGHT, CUT_STYLE } from './compareStyle';

/** The two predicted curves on the aligned timeline; in its own module so the chart library loads only here. */
export default function ComparisonLineChart({ data }: { data: ComparisonChartData }) {
  return (
    <LineChart
      height={COMPARE_CHART_HEIGHT}
      skipAnimation
      hideLegend
      margin={{ left: 0, right: 24, top: 16, bottom: 0 }}
      xAxis={[{ data: data.xs, valueFormatter: (v: number) => formatDuration(v), tickMinStep: 1 }]}
      yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%`, width: 44 }]}
      series={(['a', 'b'] as const).map((cut) => ({
        id: cut,
        data: data[cut],
        label: `Cut ${CUT_STYLE[cut].name}`,
        showMark: false,
        connectNulls: false,
        color: CUT_STYLE[cut].color,
        valueFormatter: (v: number | null) => (v === null ? 'not in this cut' : `${v}%`),
      }))}
      sx={{
        '& .MuiLineChart-line': { strokeWidth: 2.5 },
        // The line paths carry data-series (MUI X Charts): A dashed, so the two cuts differ without colour.
        '& .MuiLineChart-line[data-series="a"]': { strokeDasharray: CUT_STYLE.a.dash },
      }}
    />
  );
}
