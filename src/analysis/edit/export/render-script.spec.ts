import { execFileSync } from 'node:child_process';
import { TEST_RATES, timelineOnFrames } from '../../../../test/support/edit-files';
import { cutListOf } from './cut-list';
import { filterGraphLines, GROUP_SIZE } from './filter-graph';
import { buildBatchScript, buildShellScript, shQuote, tightenedFileName } from './render-script';
import type { EditTimeline } from './types';

const sh = (timeline: EditTimeline) => buildShellScript(timeline, cutListOf(timeline));
const bat = (timeline: EditTimeline) => buildBatchScript(timeline, cutListOf(timeline));
const graph = (timeline: EditTimeline) => filterGraphLines(cutListOf(timeline), timeline.audio !== null);

/** What a real POSIX shell makes of the script's file-name assignments. */
function shellNames(script: string): { in: string; out: string } {
  const assignments = script.slice(script.indexOf('set -eu\n'), script.indexOf('command -v ffmpeg'));
  const printed = execFileSync('sh', ['-c', `${assignments}printf '%s\\0%s' "$in" "$out"`], { encoding: 'utf8' });
  const [input, output] = printed.split('\0');
  return { in: input!, out: output! };
}

describe('the render scripts: ffmpeg cuts the kept pieces out of the original and joins them beside it', () => {
  it.each([
    'Launch teaser.mp4',
    `it's "quoted" $HOME \`id\` ; rm -rf ~ #1.mp4`,
    '-starts-with-a-dash.mov',
    'proto:col.on.mp4',
    'line\nbreak.mkv',
  ])('quotes %j so the shell reads the exact name (prefixed ./ so ffmpeg reads neither an option nor a protocol)', (name) => {
    const script = sh(timelineOnFrames(TEST_RATES['25'], [[0, 50]], { sourceFileName: name }));
    execFileSync('sh', ['-n', '-c', script]); // the whole script parses
    expect(shellNames(script)).toEqual({ in: `./${name}`, out: `./${tightenedFileName(name)}` });
  });

  it('names the output after the original without its extension or folder', () => {
    expect(tightenedFileName('C:\\clips\\My talk.v2.mov')).toBe('My talk.v2.tightened.mp4');
    expect(shQuote("a'b")).toBe(`'a'\\''b'`);
  });

  it('cuts video half a frame before each edge and audio at the edge, with a one-frame fade at every cut and none at the ends', () => {
    // 25 fps: a frame is 0.04 s. Pieces [0, 50) and [100, 250) of a 300-frame source: the first ends at a cut, the second starts after one and ends at another.
    const lines = graph(timelineOnFrames(TEST_RATES['25'], [[0, 50], [100, 250]], { sourceFrames: 300 }));
    expect(lines).toEqual([
      '[0:v]split=2',
      '[vg0p0][vg0p1];',
      '[vg0p0]trim=start=0.000000:end=1.980000,setpts=PTS-STARTPTS[v0];',
      '[vg0p1]trim=start=3.980000:end=9.980000,setpts=PTS-STARTPTS[v1];',
      '[0:a]asplit=2',
      '[ag0p0][ag0p1];',
      '[ag0p0]atrim=start=0.000000:end=2.000000,asetpts=PTS-STARTPTS,afade=t=out:st=1.960000:d=0.040000[a0];',
      '[ag0p1]atrim=start=4.000000:end=10.000000,asetpts=PTS-STARTPTS,afade=t=in:st=0:d=0.040000,afade=t=out:st=5.960000:d=0.040000[a1];',
      '[v0][a0][v1][a1]',
      'concat=n=2:v=1:a=1[v][a]',
    ]);
    const toTheEnd = graph(timelineOnFrames(TEST_RATES['25'], [[100, 300]], { sourceFrames: 300 }));
    expect(toTheEnd).toContain('[0:a]atrim=start=4.000000:end=12.000000,asetpts=PTS-STARTPTS,afade=t=in:st=0:d=0.040000[a0];');
  });

  it(`first splits a long edit into groups of ${GROUP_SIZE} pieces, each cut in the removed stretch before its first piece`, () => {
    const kept = Array.from({ length: 40 }, (_, i) => [i * 10 + 2, i * 10 + 8] as [number, number]);
    const lines = graph(timelineOnFrames(TEST_RATES['25'], kept, { sourceFrames: 400 }));
    // Groups start at pieces 16 and 32: frames 162 and 322, video half a frame earlier.
    expect(lines.slice(0, 2)).toEqual(['[0:v]segment=timestamps=6.460000|12.860000', '[vg0][vg1][vg2];']);
    expect(lines).toContain('[0:a]asegment=timestamps=6.480000|12.880000');
    expect(lines).toContain('[vg2]split=8');
    expect(lines).toContain('[vg1p0]trim=start=6.460000:end=6.700000,setpts=PTS-STARTPTS[v16];');
    expect(lines).toContain('[ag2p7]atrim=start=15.680000:end=15.920000,asetpts=PTS-STARTPTS,afade=t=in:st=0:d=0.040000,afade=t=out:st=0.200000:d=0.040000[a39];');
  });

  it('keeps a silent video silent: no audio chains, concat of video only, no audio mapped', () => {
    const timeline = timelineOnFrames(TEST_RATES['29.97'], [[0, 50], [100, 250]], { audio: null });
    expect(graph(timeline).filter((l) => l.includes('[0:a]'))).toEqual([]);
    expect(graph(timeline).at(-1)).toBe('concat=n=2:v=1:a=0[v]');
    expect(sh(timeline)).not.toContain("-map '[a]'");
  });

  it('writes the graph to a file (the command line of an hour with hundreds of cuts is too long for Windows), its lines short', () => {
    const many = Array.from({ length: 300 }, (_, i) => [i * 100, i * 100 + 60] as [number, number]);
    const timeline = timelineOnFrames(TEST_RATES['29.97'], many);
    const lines = graph(timeline);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(400);
    expect(sh(timeline)).toContain(`cat >"$graph" <<'PREFLIGHT_FILTER_GRAPH'\n${lines.join('\n')}\nPREFLIGHT_FILTER_GRAPH\n`);
  });

  it('the Windows batch file echoes the same graph line by line, on CRLF lines, with "%" doubled in names', () => {
    const timeline = timelineOnFrames(TEST_RATES['25'], [[0, 50], [100, 250]], { sourceFileName: '100% real & raw.mp4' });
    const script = bat(timeline);
    expect(script.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const echoed = script.split('\r\n').flatMap((line) => /^>>?"%GRAPH%" echo (.*)$/.exec(line)?.[1] ?? []);
    expect(echoed).toEqual(graph(timeline));
    expect(script).toContain('set "IN=.\\100%% real & raw.mp4"');
    expect(script).toContain('set "OUT=.\\100%% real & raw.tightened.mp4"');
    expect(script).toContain('chcp 65001 >nul');
    expect(script).toMatch(/-i "%IN%" %GRAPH_OPTION% "%GRAPH%" -map "\[v\]" -map "\[a\]" .* "%OUT%"/);
  });

  it('never lets a name out of the batch file\'s quotes (a \'"\' or a line break cannot be in a Windows file name)', () => {
    const script = bat(timelineOnFrames(TEST_RATES['25'], [[0, 50]], { sourceFileName: 'x" & del *.* & "\r\necho pwned.mp4' }));
    const lines = script.split('\r\n');
    expect(lines.filter((line) => line.startsWith('set "IN='))).toEqual(['set "IN=.\\x_ & del *.* & ___echo pwned.mp4"']);
    expect(lines.some((line) => line.startsWith('echo pwned'))).toBe(false);
  });

  it('says what it does in its first lines, and warns about a variable frame rate', () => {
    const timeline = timelineOnFrames(TEST_RATES['29.97'], [[0, 300]], { variableFrameRate: true, sourceFileName: 'talk.mp4', sourceFrames: 600 });
    const lines = sh(timeline).split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '#!/bin/sh',
      '# Preflight: the proposed edit of talk.mp4: 1 kept pieces, 10.01 s of 20.02 s.',
      '# Run it in the folder of the original; it writes talk.tightened.mp4 beside it (needs ffmpeg: https://ffmpeg.org).',
      '# Warning: This timeline is at 29.97 fps: variable frame rate (29.97 fps on average). Cuts land on its frames; check them after relinking.',
    ]);
    expect(bat(timeline)).toContain('rem Warning: This timeline is at 29.97 fps');
  });
});
