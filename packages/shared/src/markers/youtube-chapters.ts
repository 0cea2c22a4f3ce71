/**
 * YouTube chapters: timestamp lines for a video description, following YouTube's rules (YouTube Help, "Video
 * chapters"): the first starts at 0:00, there are at least three, each lasts at least 10 seconds, in ascending order.
 * A chapter starts at each marker that is at least 10 s after the previous chapter and 10 s before the end; markers
 * closer than that join the chapter before (its title says "+n more"). When that leaves fewer than three chapters,
 * chapters are added between them (named by their place) so that every video of 30 s or more has valid chapters; a
 * shorter one cannot, and the result says why (youtubeChaptersUnavailable, which the export menu shows before a click). A description is public, so chapters carry the
 * severity and title only; the fixes are in the editor files.
 */
import type { Report } from '../report/schema';
import { formatDuration } from '../rules/timestamp';
import { youtubeChaptersUnavailable, YOUTUBE_CHAPTER_RULES } from './format-meta';
import { editorMarkersOf, MARKER_SEVERITY_LABELS, type EditorMarker, type MarkerFinding } from './marker-list';

/** The first chapter's title when nothing is flagged in its first seconds. */
export const OPENING_CHAPTER_TITLE = 'Opening';
/** Titles of chapters added only so that YouTube takes the list: where they sit, nothing flagged at their start. */
export const MIDDLE_CHAPTER_TITLE = 'Middle';
export const ENDING_CHAPTER_TITLE = 'Ending';

export interface YoutubeChapter {
  /** Whole seconds (YouTube's timestamps have no fractions). */
  seconds: number;
  title: string;
}

export type YoutubeChaptersResult = { ok: true; chapters: YoutubeChapter[]; text: string } | { ok: false; reason: string; chapters: YoutubeChapter[] };

const SEVERITY_RANK = { high: 3, medium: 2, low: 1 } as const;

/** A short title: cut at a word boundary with "…" when longer than YouTube shows comfortably. */
function shortTitle(value: string, suffix: string): string {
  const room = YOUTUBE_CHAPTER_RULES.maxTitleLength - suffix.length;
  if (value.length <= room) return `${value}${suffix}`;
  const cut = value.slice(0, room - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > room / 2 ? cut.slice(0, space) : cut).replace(/[\s,:;(-]+$/, '')}…${suffix}`;
}

/** The most severe finding of the chapter names it ("+n more" for the rest); a chapter with none is named by its place. */
function titleOf(markers: EditorMarker[], empty: string): string {
  const findings: MarkerFinding[] = markers.flatMap((m) => m.findings);
  if (!findings.length) return empty;
  const lead = [...findings].sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity])[0]!;
  return shortTitle(`${MARKER_SEVERITY_LABELS[lead.severity]}: ${lead.title}`, findings.length > 1 ? ` (+${findings.length - 1} more)` : '');
}

/**
 * Chapter starts at the findings: 0:00, then each marker at least minSeconds after the chapter before and before the
 * end (closer markers fall in the chapter before).
 */
function startsAtFindings(markers: EditorMarker[], duration: number): number[] {
  const { minSeconds } = YOUTUBE_CHAPTER_RULES;
  const starts = [0];
  for (const marker of markers) {
    const seconds = Math.floor(marker.seconds);
    if (seconds - starts[starts.length - 1]! >= minSeconds && duration - seconds >= minSeconds) starts.push(seconds);
  }
  return starts;
}

/**
 * Too few findings apart for three chapters: the longest chapter is split into equal parts of at least minSeconds
 * until there are three; when no split is left, the video in equal thirds. A video of 30 s or more always ends with
 * three valid chapters.
 */
function fillToMinimum(starts: number[], duration: number): number[] {
  const { minChapters, minSeconds } = YOUTUBE_CHAPTER_RULES;
  const out = [...starts];
  const lengthOf = (i: number) => (out[i + 1] ?? duration) - out[i]!;
  while (out.length < minChapters) {
    const i = out.map((_, k) => k).sort((x, y) => lengthOf(y) - lengthOf(x))[0]!;
    const parts = Math.min(minChapters - out.length + 1, Math.floor(lengthOf(i) / minSeconds));
    if (parts < 2) break;
    const step = Math.floor(lengthOf(i) / parts);
    out.splice(i + 1, 0, ...Array.from({ length: parts - 1 }, (_, k) => out[i]! + step * (k + 1)));
  }
  if (out.length >= minChapters) return out;
  const third = Math.floor(duration / minChapters);
  return Array.from({ length: minChapters }, (_, k) => k * third);
}

/** "0:00 Opening" lines, one per chapter; hours from 1:00:00 up. */
export function chaptersText(chapters: readonly YoutubeChapter[]): string {
  return `${chapters.map((c) => `${formatDuration(c.seconds)} ${c.title}`).join('\n')}\n`;
}

export function buildYoutubeChapters(report: Report): YoutubeChaptersResult {
  const duration = Math.floor(report.video_info.duration_seconds);
  const markers = editorMarkersOf(report);
  const unavailable = youtubeChaptersUnavailable(report.video_info.duration_seconds);
  const found = startsAtFindings(markers, duration);
  const starts = unavailable ? found : fillToMinimum(found, duration);
  // Each marker belongs to the chapter it falls in; a chapter is named by its own.
  const inChapter = (i: number) => markers.filter((m) => Math.floor(m.seconds) >= starts[i]! && (i === starts.length - 1 || Math.floor(m.seconds) < starts[i + 1]!));
  const chapters = starts.map((seconds, i) => ({
    seconds,
    title: titleOf(inChapter(i), i === 0 ? OPENING_CHAPTER_TITLE : i === starts.length - 1 ? ENDING_CHAPTER_TITLE : MIDDLE_CHAPTER_TITLE),
  }));
  if (unavailable) return { ok: false, reason: unavailable, chapters };
  return { ok: true, chapters, text: chaptersText(chapters) };
}
