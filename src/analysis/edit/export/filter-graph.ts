/**
 * The ffmpeg filter graph both render scripts run. Each kept piece is cut out with trim (video) and atrim (audio),
 * a one-frame afade in after a cut and out before one (a cut through a waveform clicks; the start and the end of the
 * video are not cuts), and one concat joins them. Handing every decoded frame to every trim would cost a frame per
 * piece (300 cuts made a 2-minute test render 28 times slower), so the stream is first split, in order, into groups
 * of at most GROUP_SIZE pieces (segment / asegment: each frame goes to one group, cut in a removed stretch before the
 * group's first piece), and only the group's trims see its frames.
 *
 * Video is cut half a frame before each edge — a piece then holds exactly the frames whose time is in
 * [in − ½, out − ½) frames, whatever rounding the times carry; audio is cut at the edge itself, to the sample (trim
 * and atrim compare frame timestamps; asegment, which counts samples, is only ever used at the first level, where
 * that count is the source's). Line breaks between filter chains and between pad labels are whitespace to ffmpeg,
 * and every line stays short (a batch file's line stops at 8,191 characters).
 */
import type { CutList, CutPiece } from './cut-list';

/** Pieces whose trims share one group's frames. */
export const GROUP_SIZE = 16;
/** Pad labels on one line. */
const LABELS_PER_LINE = 20;

/** Seconds with microsecond precision: ffmpeg parses times to AV_TIME_BASE (µs) anyway. */
const sec = (seconds: number) => Math.max(0, seconds).toFixed(6);

/** Labels, a few to a line; the last line ends the filter chain with ";" when told. */
const labelLines = (labels: readonly string[], end = '') => {
  const lines: string[] = [];
  for (let i = 0; i < labels.length; i += LABELS_PER_LINE) lines.push(labels.slice(i, i + LABELS_PER_LINE).join(''));
  lines[lines.length - 1] += end;
  return lines;
};

interface Stream {
  input: '[0:v]' | '[0:a]';
  /** The labels' prefix: v for video, a for audio. */
  tag: 'v' | 'a';
  /** Where a piece's edge (a frame number) is cut, in seconds. */
  edge: (frame: number) => number;
  /** The chain after the cut: resets time to 0 and, for audio, fades at the cuts. */
  after: (piece: CutPiece) => string;
}

/** Splits the stream into groups, then each group into its pieces' cuts, labelled [v0] / [a0] … in piece order. */
function cutStream(pieces: readonly CutPiece[], stream: Stream): string[] {
  const { input, tag } = stream;
  const [split, trim, splitN] = tag === 'v' ? ['segment', 'trim', 'split'] : ['asegment', 'atrim', 'asplit'];
  const groups: CutPiece[][] = [];
  for (let i = 0; i < pieces.length; i += GROUP_SIZE) groups.push(pieces.slice(i, i + GROUP_SIZE));
  const lines: string[] = [];
  const groupInput = (j: number) => (groups.length === 1 ? input : `[${tag}g${j}]`);
  if (groups.length > 1) {
    // Cut before each group's first piece (after the first group): in the removed stretch before it.
    const points = groups.slice(1).map((group) => sec(stream.edge(group[0]!.sourceIn)));
    lines.push(`${input}${split}=timestamps=${points.join('|')}`, ...labelLines(groups.map((_, j) => `[${tag}g${j}]`), ';'));
  }
  let index = 0;
  groups.forEach((group, j) => {
    const sources = group.length === 1 ? [groupInput(j)] : group.map((_, k) => `[${tag}g${j}p${k}]`);
    if (group.length > 1) lines.push(`${groupInput(j)}${splitN}=${group.length}`, ...labelLines(sources, ';'));
    group.forEach((piece, k) => {
      lines.push(`${sources[k]}${trim}=start=${sec(stream.edge(piece.sourceIn))}:end=${sec(stream.edge(piece.sourceOut))},${stream.after(piece)}[${tag}${index}];`);
      index += 1;
    });
  });
  return lines;
}

/** The filter graph, ending in [v] and [a] (a silent source: [v] only). */
export function filterGraphLines(cuts: CutList, hasAudio: boolean): string[] {
  const frame = cuts.rate.fpsDenominator / cuts.rate.fpsNumerator;
  const lines = cutStream(cuts.pieces, { input: '[0:v]', tag: 'v', edge: (f) => (f - 0.5) * frame, after: () => 'setpts=PTS-STARTPTS' });
  if (hasAudio) {
    const fades = (piece: CutPiece) => {
      const length = (piece.sourceOut - piece.sourceIn) * frame;
      return [
        ...(piece.sourceIn > 0 ? [`afade=t=in:st=0:d=${sec(frame)}`] : []),
        ...(piece.sourceOut < cuts.sourceFrames ? [`afade=t=out:st=${sec(length - frame)}:d=${sec(frame)}`] : []),
      ];
    };
    lines.push(...cutStream(cuts.pieces, { input: '[0:a]', tag: 'a', edge: (f) => f * frame, after: (piece) => ['asetpts=PTS-STARTPTS', ...fades(piece)].join(',') }));
  }
  lines.push(...labelLines(cuts.pieces.map((_, i) => (hasAudio ? `[v${i}][a${i}]` : `[v${i}]`))));
  lines.push(`concat=n=${cuts.pieces.length}:v=1:a=${hasAudio ? 1 : 0}${hasAudio ? '[v][a]' : '[v]'}`);
  return lines;
}
