/**
 * A render script the creator runs in the folder of the original: ffmpeg cuts the kept pieces out of it and joins
 * them into "<name>.tightened.mp4" beside it (H.264 + AAC). The filter graph is the same for both scripts: per piece
 * a trim of the video and an atrim of the audio, a one-frame afade in and out at every cut (a cut through a waveform
 * clicks; the ends of the video are not cuts), then one concat. The graph goes through a file, not the command line
 * (Windows' cmd stops at 8191 characters; an hour with 300 cuts is far longer), read with -filter_complex_script, or
 * -/filter_complex on an ffmpeg too new to know the old option.
 *
 * Video is trimmed half a frame before each edge (frames whose time is in [in − ½, out − ½) frames are the piece's
 * frames, whatever rounding the times carry); audio is trimmed at the exact edge, sample-accurate.
 */
import type { CutList } from './cut-list';
import { sourceBaseName, sourceStem } from './source-file';
import type { EditTimeline } from './types';

/** The file the scripts write beside the original. */
export const tightenedFileName = (sourceFileName: string) => `${sourceStem(sourceFileName)}.tightened.mp4`;

/** Seconds with microsecond precision: ffmpeg parses times to AV_TIME_BASE (µs) anyway. */
const sec = (seconds: number) => Math.max(0, seconds).toFixed(6);

/** The filter graph, one filter chain per line (ffmpeg skips the line breaks), ending in [v] and [a] (no audio: [v] only). */
export function filterGraphLines(timeline: EditTimeline, cuts: CutList): string[] {
  const frame = cuts.rate.fpsDenominator / cuts.rate.fpsNumerator;
  const hasAudio = timeline.audio !== null;
  const lines: string[] = [];
  cuts.pieces.forEach((piece, i) => {
    const start = piece.sourceIn * frame;
    const end = piece.sourceOut * frame;
    lines.push(`[0:v]trim=start=${sec(start - frame / 2)}:end=${sec(end - frame / 2)},setpts=PTS-STARTPTS[v${i}];`);
    if (!hasAudio) return;
    const fades = [
      ...(piece.sourceIn > 0 ? [`afade=t=in:st=0:d=${sec(frame)}`] : []),
      ...(piece.sourceOut < cuts.sourceFrames ? [`afade=t=out:st=${sec(end - start - frame)}:d=${sec(frame)}`] : []),
    ];
    lines.push(`[0:a]atrim=start=${sec(start)}:end=${sec(end)},asetpts=PTS-STARTPTS${fades.map((f) => `,${f}`).join('')}[a${i}];`);
  });
  // The concat inputs, a few pieces a line (a batch file's line is at most 8191 characters).
  const inputs = cuts.pieces.map((_, i) => (hasAudio ? `[v${i}][a${i}]` : `[v${i}]`));
  for (let i = 0; i < inputs.length; i += 20) lines.push(inputs.slice(i, i + 20).join(''));
  lines.push(`concat=n=${cuts.pieces.length}:v=1:a=${hasAudio ? 1 : 0}${hasAudio ? '[v][a]' : '[v]'}`);
  return lines;
}

const ENCODE = '-c:v libx264 -preset medium -crf 18 -pix_fmt yuv420p';
const ENCODE_AUDIO = '-c:a aac -b:a 192k';

/** One line of text for a comment: no line breaks or control characters from a file name. */
// eslint-disable-next-line no-control-regex -- a comment line cannot carry them
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

function summary(timeline: EditTimeline, cuts: CutList): string[] {
  const seconds = (frames: number) => ((frames * cuts.rate.fpsDenominator) / cuts.rate.fpsNumerator).toFixed(2);
  return [
    `Preflight: the proposed edit of ${oneLine(sourceBaseName(timeline.sourceFileName))}: ${cuts.pieces.length} kept pieces, ${seconds(cuts.totalFrames)} s of ${seconds(cuts.sourceFrames)} s.`,
    `Run it in the folder of the original; it writes ${oneLine(tightenedFileName(timeline.sourceFileName))} beside it (needs ffmpeg: https://ffmpeg.org).`,
    ...(cuts.warning ? [`Warning: ${oneLine(cuts.warning)}`] : []),
  ];
}

/** A POSIX shell word: single quotes keep everything literal; a quote inside is closed, escaped and reopened. */
export const shQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The end of the here-document holding the graph (never a line of the graph). */
const GRAPH_END = 'PREFLIGHT_FILTER_GRAPH';

export function buildShellScript(timeline: EditTimeline, cuts: CutList): string {
  const hasAudio = timeline.audio !== null;
  // "./" first: a name starting with "-" is not an option, one with ":" not a protocol.
  const input = shQuote(`./${sourceBaseName(timeline.sourceFileName)}`);
  const output = shQuote(`./${tightenedFileName(timeline.sourceFileName)}`);
  return [
    '#!/bin/sh',
    ...summary(timeline, cuts).map((line) => `# ${line}`),
    'set -eu',
    `in=${input}`,
    `out=${output}`,
    "command -v ffmpeg >/dev/null 2>&1 || { echo 'ffmpeg was not found: install it from https://ffmpeg.org and run this again.' >&2; exit 1; }",
    '[ -f "$in" ] || { echo "$in is not in this folder: run this script in the folder of the original video." >&2; exit 1; }',
    'graph=$(mktemp "${TMPDIR:-/tmp}/preflight-edit.XXXXXX")',
    "trap 'rm -f \"$graph\"' EXIT",
    `cat >"$graph" <<'${GRAPH_END}'`,
    ...filterGraphLines(timeline, cuts),
    GRAPH_END,
    'if ffmpeg -hide_banner -h full 2>/dev/null | grep -q -- -filter_complex_script; then graph_option=-filter_complex_script; else graph_option=-/filter_complex; fi',
    `ffmpeg -hide_banner -nostdin -y -i "$in" "$graph_option" "$graph" -map '[v]' ${hasAudio ? "-map '[a]' " : ''}${ENCODE} ${hasAudio ? `${ENCODE_AUDIO} ` : ''}-movflags +faststart "$out"`,
    'echo "Wrote $out"',
    '',
  ].join('\n');
}

/** A batch file's "%" is doubled; Windows file names cannot hold '"', so a quoted name is otherwise literal. */
const batchText = (value: string) => value.replace(/%/g, '%%');

export function buildBatchScript(timeline: EditTimeline, cuts: CutList): string {
  const hasAudio = timeline.audio !== null;
  const graph = filterGraphLines(timeline, cuts);
  return [
    '@echo off',
    ...summary(timeline, cuts).map((line) => `rem ${batchText(line).replace(/[&|<>^]/g, ' ')}`),
    // The file names below are UTF-8.
    'chcp 65001 >nul',
    'setlocal DisableDelayedExpansion',
    `set "IN=.\\${batchText(sourceBaseName(timeline.sourceFileName))}"`,
    `set "OUT=.\\${batchText(tightenedFileName(timeline.sourceFileName))}"`,
    'where ffmpeg >nul 2>nul || goto no_ffmpeg',
    'if not exist "%IN%" goto no_input',
    'set "GRAPH=%TEMP%\\preflight-edit-%RANDOM%%RANDOM%.txt"',
    ...graph.map((line, i) => `${i === 0 ? '>' : '>>'}"%GRAPH%" echo ${line}`),
    'set "GRAPH_OPTION=-/filter_complex"',
    'ffmpeg -hide_banner -h full 2>nul | findstr /c:"-filter_complex_script" >nul && set "GRAPH_OPTION=-filter_complex_script"',
    `ffmpeg -hide_banner -nostdin -y -i "%IN%" %GRAPH_OPTION% "%GRAPH%" -map "[v]" ${hasAudio ? '-map "[a]" ' : ''}${ENCODE} ${hasAudio ? `${ENCODE_AUDIO} ` : ''}-movflags +faststart "%OUT%"`,
    'set "RESULT=%ERRORLEVEL%"',
    'del "%GRAPH%" >nul 2>nul',
    'if not "%RESULT%"=="0" exit /b %RESULT%',
    'echo Wrote "%OUT%"',
    'exit /b 0',
    ':no_ffmpeg',
    'echo ffmpeg was not found: install it from https://ffmpeg.org and run this again.',
    'exit /b 1',
    ':no_input',
    'echo "%IN%" is not in this folder: run this file in the folder of the original video.',
    'exit /b 1',
    '',
  ].join('\r\n');
}
