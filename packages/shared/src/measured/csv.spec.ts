// The measured-retention importer on files as spreadsheet programs write them (bytes reproduced here: BOM, CRLF,
// quoting, separators and decimal marks as each program's "Save as CSV" / "Download as CSV" writes them).
import { MeasuredCsvError, parseMeasuredCsv } from './csv';

const BOM = '\uFEFF';

describe('parseMeasuredCsv on spreadsheet exports', () => {
  it('reads Excel "CSV UTF-8": BOM, CRLF, comma separator, point decimals, header', () => {
    const file = `${BOM}Time (s),Audience retention (%)\r\n0,100\r\n1,92.5\r\n2,88.25\r\n3,86\r\n`;
    expect(parseMeasuredCsv(file)).toEqual({
      unit: 'seconds',
      points: [
        { t: 0, retention_pct: 100 },
        { t: 1, retention_pct: 92.5 },
        { t: 2, retention_pct: 88.25 },
        { t: 3, retention_pct: 86 },
      ],
    });
  });

  it('reads Excel in a continental locale: "sep=;" first line, semicolons, decimal commas, percent signs, trailing empty column', () => {
    const file = `sep=;\r\nZeit (s);Zuschauer (%);\r\n0;100 %;\r\n0,5;97,5 %;\r\n1;95,25 %;\r\n`;
    expect(parseMeasuredCsv(file)).toEqual({
      unit: 'seconds',
      points: [
        { t: 0, retention_pct: 100 },
        { t: 0.5, retention_pct: 97.5 },
        { t: 1, retention_pct: 95.25 },
      ],
    });
  });

  it('reads LibreOffice Calc (semicolon, decimal comma, LF, no BOM) with the time as a share in percent', () => {
    const file = `"Video position (%)";"Audience retention (%)"\n0;104,2\n25;71,3\n50;60,8\n100;41\n`;
    const curve = parseMeasuredCsv(file);
    expect(curve.unit).toBe('share');
    expect(curve.points).toEqual([
      { t: 0, retention_pct: 104.2 },
      { t: 0.25, retention_pct: 71.3 },
      { t: 0.5, retention_pct: 60.8 },
      { t: 1, retention_pct: 41 },
    ]);
  });

  it('reads Google Sheets "Download as CSV" (comma separator; a German-locale sheet quotes its decimal commas; no final newline)', () => {
    const file = `time,still watching\r\n0:00,"100,0"\r\n0:05,"81,4"\r\n0:10,"74,9"\r\n1:02,"40,1"`;
    expect(parseMeasuredCsv(file)).toEqual({
      unit: 'seconds',
      points: [
        { t: 0, retention_pct: 100 },
        { t: 5, retention_pct: 81.4 },
        { t: 10, retention_pct: 74.9 },
        { t: 62, retention_pct: 40.1 },
      ],
    });
  });

  it('reads a YouTube Analytics API export: elapsedVideoTimeRatio and audienceWatchRatio as 0-1 ratios, plus a third column picked out by name', () => {
    const file = `elapsedVideoTimeRatio,audienceWatchRatio,relativeRetentionPerformance\n0.01,1.12,0.6\n0.02,0.93,0.55\n0.5,0.51,0.5\n1,0.3,0.45\n`;
    const curve = parseMeasuredCsv(file);
    expect(curve.unit).toBe('share');
    expect(curve.points.map((p) => p.retention_pct)).toEqual([112, 93, 51, 30]);
    expect(curve.points[0].t).toBeCloseTo(0.01);
  });

  it('reads a headerless tab-separated paste, sorts rows and takes a 0-1 time as a share', () => {
    const curve = parseMeasuredCsv('0.5\t60\n0\t100\n1\t40\n');
    expect(curve).toEqual({ unit: 'share', points: [{ t: 0, retention_pct: 100 }, { t: 0.5, retention_pct: 60 }, { t: 1, retention_pct: 40 }] });
  });

  it('reads thousands separators and h:mm:ss durations', () => {
    const curve = parseMeasuredCsv('seconds;retention\n0;100\n1.234,5;20,5\n');
    expect(curve.points[1]).toEqual({ t: 1234.5, retention_pct: 20.5 });
    expect(parseMeasuredCsv('t,retention %\n0:00:00,100\n1:00:05,10\n').points[1].t).toBe(3605);
  });
});

describe('parseMeasuredCsv refuses bad files with a message that says where', () => {
  it.each([
    ['', 'The file is empty.'],
    ['\uFEFF\r\n\r\n', 'The file is empty.'],
    ['just one column\n1\n2\n', 'Each line needs two values'],
    ['time,retention\n0,100\n', 'at least two rows'],
    ['time,retention\n0,100\n1,abc\n2,80\n', 'Line 3: "abc" is not a percentage.'],
    ['time,retention\n0,100\nsoon,90\n', 'Line 3: "soon" is not a time.'],
    ['time,retention\n0,100\n1,\n', 'Line 3: a value is missing'],
    ['time,retention\n0,100\n-1,90\n', 'negative'],
    ['time,retention\n0,100\n1,-5\n', 'negative'],
    ['time,retention\n0,100\n1,90\n1,80\n', 'Lines 3 and 4 give the same time twice.'],
    ['position (%),retention\n0,100\n150,50\n', 'goes to 150'],
    ['time,retention\n0,100\n1,5000\n', 'should be the % of viewers still watching'],
    ['a,b,c\n0,1,2\n1,2,3\n', 'The file has 3 columns ("a", "b", "c"); keep two'],
  ])('%j → %s', (file, message) => {
    expect(() => parseMeasuredCsv(file)).toThrow(MeasuredCsvError);
    expect(() => parseMeasuredCsv(file)).toThrow(message);
  });
});
