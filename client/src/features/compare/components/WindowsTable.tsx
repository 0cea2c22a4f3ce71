import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Comparison } from '@preflight/shared';

const STRONGER = { a: 'A', b: 'B', even: 'Even' } as const;

/** Where each cut holds viewers better: the chart's text alternative as much as a summary. */
export function WindowsTable({ windows }: { windows: Comparison['windows'] }) {
  if (!windows.length) return null;
  return (
    <Card component="section" aria-labelledby="compare-windows-title" sx={{ p: { xs: 2, md: 3 }, overflowX: 'auto' }}>
      <Typography id="compare-windows-title" variant="h6" component="h2">
        Where each cut holds viewers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Predicted share of the viewers at the start of each stretch of viewing time who are still watching at its end.
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">Viewing time</TableCell>
            <TableCell component="th" scope="col" align="right">A</TableCell>
            <TableCell component="th" scope="col" align="right">B</TableCell>
            <TableCell component="th" scope="col">Stronger</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {windows.map((w) => (
            <TableRow key={w.start_s}>
              <TableCell component="th" scope="row">{w.label}</TableCell>
              <TableCell align="right">{w.a_retention_pct}%</TableCell>
              <TableCell align="right">{w.b_retention_pct}%</TableCell>
              <TableCell sx={{ fontWeight: w.stronger === 'even' ? 400 : 700 }}>{STRONGER[w.stronger]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
