/**
 * YouTube chapters: timestamp lines for a video description, following YouTube's rules (YouTube Help, "Video
 * chapters"): the first starts at 0:00, there are at least three, each lasts at least 10 seconds, in ascending order.
 * A chapter starts at each marker that is at least 10 s after the previous chapter and 10 s before the end; markers
 * closer than that join the chapter before (its title says "+n more"). When that leaves fewer than three chapters the
 * result says why instead of giving chapters YouTube would ignore. A description is public, so chapters carry the
 * severity and title only; the fixes are in the editor files.
 */
import type { Report } from '../report/schema';
import { formatDuration } from '../rules/timestamp';
import { editorMarkersOf, markerName, type EditorMarker } from './marker-list';

export const YOUTUBE_CHAPTER_RULES = { minChapters: 3, minSeconds: 10, maxTitleLength: 50 } as const;
/** The first chapter's title when nothing is flagged in its first seconds. */
export const OPENING_CHAPTER_TITLE = 'Opening';

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

function titleOf(markers: EditorMarker[]): string {
  if (!markers.length) return OPENING_CHAPTER_TITLE;
  const lead = [...markers].sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || a.seconds - b.seconds)[0]!;
  return shortTitle(markerName(lead), markers.length > 1 ? ` (+${markers.length - 1} more)` : '');
}

/** "0:00 Opening" lines, one per chapter; hours from 1:00:00 up. */
export function chaptersText(chapters: readonly YoutubeChapter[]): string {
  return `${chapters.map((c) => `${formatDuration(c.seconds)} ${c.title}`).join('\n')}\n`;
}

export function buildYoutubeChapters(report: Report): YoutubeChaptersResult {
  const { minChapters, minSeconds } = YOUTUBE_CHAPTER_RULES;
  const duration = Math.floor(report.video_info.duration_seconds);
  const groups: { seconds: number; markers: EditorMarker[] }[] = [{ seconds: 0, markers: [] }];
  for (const marker of editorMarkersOf(report)) {
    const seconds = Math.floor(marker.seconds);
    const last = groups[groups.length - 1]!;
    if (seconds - last.seconds >= minSeconds && duration - seconds >= minSeconds) groups.push({ seconds, markers: [marker] });
    else last.markers.push(marker);
  }
  const chapters = groups.map((g) => ({ seconds: g.seconds, title: titleOf(g.markers) }));
  if (chapters.length >= minChapters) return { ok: true, chapters, text: chaptersText(chapters) };

  const reason =
    duration < minChapters * minSeconds
      ? `YouTube chapters need at least ${minChapters} chapters of ${minSeconds} seconds or more, so a ${formatDuration(duration)} video cannot have them (it needs ${formatDuration(minChapters * minSeconds)}).`
      : `YouTube chapters need at least ${minChapters} chapters of ${minSeconds} seconds or more, and this report's findings are too few or too close together to make more than ${chapters.length}.`;
  return { ok: false, reason, chapters };
}
