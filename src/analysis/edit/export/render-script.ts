/**
 * A render script the creator runs in the folder of the original: ffmpeg cuts the kept pieces out of it and joins
 * them into "<name>.tightened.mp4" beside it (H.264 + AAC), with the filter graph of filter-graph.ts, the same for
 * both scripts. The graph goes through a file, not the command line (Windows' cmd stops at 8,191 characters; an hour
 * with 300 cuts is far longer), read with -filter_complex_script, or -/filter_complex on an ffmpeg too new to know
 * the old option. The sh script quotes file names for the shell; the batch file doubles "%" for cmd.
 */
import type { CutList } from './cut-list';
import { filterGraphLines } from './filter-graph';
import { sourceBaseName, sourceStem } from './source-file';
import type { EditTimeline } from './types';

/** The file the scripts write beside the original. */
export const tightenedFileName = (sourceFileName: string) => `${sourceStem(sourceFileName)}.tightened.mp4`;

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
    ...filterGraphLines(cuts, hasAudio),
    GRAPH_END,
    'if ffmpeg -hide_banner -h full 2>/dev/null | grep -q -- -filter_complex_script; then graph_option=-filter_complex_script; else graph_option=-/filter_complex; fi',
    `ffmpeg -hide_banner -nostdin -y -i "$in" "$graph_option" "$graph" -map '[v]' ${hasAudio ? "-map '[a]' " : ''}${ENCODE} ${hasAudio ? `${ENCODE_AUDIO} ` : ''}-movflags +faststart "$out"`,
    'echo "Wrote $out"',
    '',
  ].join('\n');
}

/** A batch file's "%" is doubled; the rest of a quoted text is literal to cmd. */
const batchText = (value: string) => value.replace(/%/g, '%%');
/**
 * A file name inside a batch file's quotes. Windows file names cannot hold '"' or control characters, so such a name
 * is not a file there; they are replaced, because a '"' or a line break would end the quotes and let the rest of
 * the name run as a command.
 */
// eslint-disable-next-line no-control-regex -- exactly the characters that would break out of the quotes
const batchName = (value: string) => batchText(value.replace(/["\u0000-\u001f]/g, '_'));

export function buildBatchScript(timeline: EditTimeline, cuts: CutList): string {
  const hasAudio = timeline.audio !== null;
  const graph = filterGraphLines(cuts, hasAudio);
  return [
    '@echo off',
    ...summary(timeline, cuts).map((line) => `rem ${batchText(line).replace(/[&|<>^]/g, ' ')}`),
    // The file names below are UTF-8.
    'chcp 65001 >nul',
    'setlocal DisableDelayedExpansion',
    `set "IN=.\\${batchName(sourceBaseName(timeline.sourceFileName))}"`,
    `set "OUT=.\\${batchName(tightenedFileName(timeline.sourceFileName))}"`,
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
