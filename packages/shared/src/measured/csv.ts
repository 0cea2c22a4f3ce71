/**
 * Measured retention from a spreadsheet (docs/report-format.md, Measured retention). Two columns: the time (seconds,
 * m:ss, or the share of the video, as 0-1 or 0-100 %) and the share of viewers still watching (%, or a 0-1 ratio as
 * YouTube's audienceWatchRatio). Files are read as spreadsheets write them: Excel and Google Sheets (comma
 * separator, point decimals), LibreOffice and Excel in continental locales (semicolon separator, decimal comma), tabs,
 * a byte-order mark, CRLF line ends, percent signs in the cells, quoted cells and Excel's "sep=;" first line.
 */

/** How the time column counts: seconds from the start, or the share of the video played (0-1). */
export type MeasuredTimeUnit = 'seconds' | 'share';

export interface MeasuredCurveInput {
  unit: MeasuredTimeUnit;
  /** Sorted by time, distinct times; t in the unit (share: 0-1); retention_pct: % of the starting viewers (> 100 = replays). */
  points: Array<{ t: number; retention_pct: number }>;
}

/** A file that cannot be read as a measured curve: the message says what is wrong and where, for the creator. */
export class MeasuredCsvError extends Error {}

/** Larger files are not retention exports (YouTube gives 100 rows, a 1 h video per second 3,600). */
export const MEASURED_MAX_ROWS = 20_000;
/** Retention above this is not a share of viewers, even with replays counted. */
export const MEASURED_MAX_PCT = 1000;

const SEPARATORS = ['\t', ';', ','] as const;
type Separator = (typeof SEPARATORS)[number];

const TIME_HEADER = /time|sec|position|elapsed|moment|zeit|temps|tiempo|tempo|\bt\b/i;
const SHARE_HEADER = /%|percent|ratio|share|proportion|fraction|progress/i;
const RETENTION_HEADER = /retention|watching|audience|viewers|still|watch|zuschauer|spectateurs|r[eé]tention/i;

/** Splits one line on the separator, honouring double quotes ("" inside quotes is one quote). */
function splitLine(line: string, sep: Separator): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === sep) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** The separator that splits every line into the same number (>= 2) of cells; tab, then semicolon, then comma. */
function detectSeparator(lines: string[]): Separator {
  for (const sep of SEPARATORS) {
    const counts = lines.slice(0, 50).map((l) => splitLine(l, sep).length);
    const n = counts[0] ?? 0;
    if (n >= 2 && counts.every((c) => c === n)) return sep;
  }
  // Ragged rows (a trailing empty cell on some lines): the separator that gives most lines two cells or more.
  let best: Separator = ',';
  let bestScore = -1;
  for (const sep of SEPARATORS) {
    const score = lines.slice(0, 50).filter((l) => splitLine(l, sep).length >= 2).length;
    if (score > bestScore) [best, bestScore] = [sep, score];
  }
  if (bestScore <= 0) throw new MeasuredCsvError('Each line needs two values, time and % still watching, separated by a comma, a semicolon or a tab.');
  return best;
}

interface Cell {
  value: number;
  percent: boolean;
  clock: boolean;
}

/** A number as a spreadsheet writes it: "12.5", "12,5", "1 234,5", "98.2 %", "1:05" (m:ss) or "0:01:05" (h:mm:ss). */
function parseCell(raw: string): Cell | null {
  let s = raw.replace(/[\u00a0\u202f\s]/g, '');
  if (s === '') return null;
  const percent = s.endsWith('%');
  if (percent) s = s.slice(0, -1);
  if (/^\d+(:\d{1,2}){1,2}([.,]\d+)?$/.test(s)) {
    const parts = s.replace(',', '.').split(':').map(Number);
    const value = parts.reduce((acc, p) => acc * 60 + p, 0);
    return { value, percent, clock: true };
  }
  const hasComma = s.includes(',');
  const hasPoint = s.includes('.');
  if (hasComma && hasPoint) {
    // Both: the last one is the decimal mark, the other groups thousands ("1.234,5" or "1,234.5").
    s = s.lastIndexOf(',') > s.lastIndexOf('.') ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (hasComma) {
    // A comma inside a cell of a comma-separated file was quoted: it is a decimal comma there as everywhere else.
    if ((s.match(/,/g) ?? []).length > 1) return { value: NaN, percent, clock: false };
    s = s.replace(',', '.');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return { value: NaN, percent, clock: false };
  return { value: Number(s), percent, clock: false };
}

const isNumeric = (raw: string) => {
  const c = parseCell(raw);
  return c !== null && Number.isFinite(c.value);
};

/** Picks the time and retention columns: the only two, or by their header names. */
function pickColumns(header: string[] | null, width: number): [number, number] {
  if (width === 2) return [0, 1];
  if (!header) throw new MeasuredCsvError(`The file has ${width} columns and no header row; keep two: time and % still watching.`);
  const timeCol = header.findIndex((h) => TIME_HEADER.test(h));
  const retCol = header.findIndex((h, i) => i !== timeCol && RETENTION_HEADER.test(h));
  if (timeCol < 0 || retCol < 0) {
    throw new MeasuredCsvError(`The file has ${width} columns (${header.map((h) => `"${h}"`).join(', ')}); keep two: time and % still watching.`);
  }
  return [timeCol, retCol];
}

/** Reads a measured retention curve from CSV text; throws MeasuredCsvError with a message for the creator. */
export function parseMeasuredCsv(text: string): MeasuredCurveInput {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let lines = body.split('\n').map((l) => l.trimEnd());
  const lineNo = lines.map((_, i) => i + 1);
  let forced: Separator | null = null;
  const firstContent = lines.findIndex((l) => l.trim() !== '');
  const sepHint = /^"?sep=(.)"?$/i.exec((lines[firstContent] ?? '').trim());
  if (sepHint?.[1] && (SEPARATORS as readonly string[]).includes(sepHint[1])) {
    forced = sepHint[1] as Separator;
    lines[firstContent] = '';
  }
  const kept = lines.map((l, i) => ({ line: l, no: lineNo[i] })).filter((l) => l.line.trim() !== '');
  lines = kept.map((k) => k.line);
  if (lines.length === 0) throw new MeasuredCsvError('The file is empty.');
  if (lines.length > MEASURED_MAX_ROWS + 1) throw new MeasuredCsvError(`The file has ${lines.length} rows; a retention curve has at most ${MEASURED_MAX_ROWS}.`);
  const sep = forced ?? detectSeparator(lines);
  let rows = lines.map((l) => splitLine(l, sep));
  // Spreadsheets pad rows with empty cells (";;"): drop the columns that are empty on every row.
  const width = Math.max(...rows.map((r) => r.length));
  const used = Array.from({ length: width }, (_, c) => rows.some((r) => (r[c] ?? '') !== ''));
  rows = rows.map((r) => r.filter((_, c) => used[c]));
  const cols = used.filter(Boolean).length;
  if (cols < 2) throw new MeasuredCsvError('Each line needs two values, time and % still watching, separated by a comma, a semicolon or a tab.');

  const first = rows[0] ?? [];
  const header = first.slice(0, 2).every((c) => isNumeric(c)) ? null : first;
  const data = header ? rows.slice(1) : rows;
  const dataNo = header ? kept.slice(1).map((k) => k.no) : kept.map((k) => k.no);
  if (data.length < 2) throw new MeasuredCsvError('The file needs at least two rows of values (time and % still watching).');
  const [tc, rc] = pickColumns(header, cols);

  const times: Cell[] = [];
  const rets: Cell[] = [];
  data.forEach((row, i) => {
    const t = parseCell(row[tc] ?? '');
    const r = parseCell(row[rc] ?? '');
    if (!t || !r) throw new MeasuredCsvError(`Line ${dataNo[i]}: a value is missing (expected time and % still watching).`);
    if (!Number.isFinite(t.value)) throw new MeasuredCsvError(`Line ${dataNo[i]}: "${row[tc]}" is not a time.`);
    if (!Number.isFinite(r.value)) throw new MeasuredCsvError(`Line ${dataNo[i]}: "${row[rc]}" is not a percentage.`);
    if (t.value < 0) throw new MeasuredCsvError(`Line ${dataNo[i]}: the time ${row[tc]} is negative.`);
    if (r.value < 0) throw new MeasuredCsvError(`Line ${dataNo[i]}: the retention ${row[rc]} is negative.`);
    times.push(t);
    rets.push(r);
  });

  const timeHeader = header?.[tc] ?? '';
  const retHeader = header?.[rc] ?? '';
  const maxT = Math.max(...times.map((t) => t.value));
  let unit: MeasuredTimeUnit;
  let tScale = 1;
  if (times.some((t) => t.clock)) unit = 'seconds';
  else if (times.some((t) => t.percent) || SHARE_HEADER.test(timeHeader)) {
    unit = 'share';
    tScale = maxT > 1 ? 0.01 : 1;
  } else if (/sec|\(s\)|zeit|temps|tiempo/i.test(timeHeader)) unit = 'seconds';
  else unit = maxT <= 1 ? 'share' : 'seconds';
  if (unit === 'share' && maxT * tScale > 1 + 1e-9) throw new MeasuredCsvError(`The time column reads as a share of the video but goes to ${maxT}; a share ends at 100 % (or 1).`);

  // A 0-1 ratio (YouTube's audienceWatchRatio) unless the cells or the header say percent.
  const maxR = Math.max(...rets.map((r) => r.value));
  const ratio = !rets.some((r) => r.percent) && !/%|percent|pct/i.test(retHeader) && maxR <= 1.5;
  const rScale = ratio ? 100 : 1;
  if (maxR * rScale > MEASURED_MAX_PCT) throw new MeasuredCsvError(`The retention column goes to ${maxR}: it should be the % of viewers still watching.`);

  const clean = (v: number) => Math.round(v * 1e6) / 1e6;
  const points = times.map((t, i) => ({ t: clean(t.value * tScale), retention_pct: clean((rets[i] as Cell).value * rScale), no: dataNo[i] ?? 0 })).sort((a, b) => a.t - b.t);
  points.forEach((p, i) => {
    const before = points[i - 1];
    if (before && p.t === before.t) throw new MeasuredCsvError(`Lines ${before.no} and ${p.no} give the same time twice.`);
  });
  return { unit, points: points.map(({ t, retention_pct }) => ({ t, retention_pct })) };
}
