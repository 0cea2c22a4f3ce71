import getYouTubeChapters from 'get-youtube-chapters';
import { reportWithIssues, sampleReport } from '../../../../test/support/marker-files';
import { buildMarkerFile } from './formats';
import { markerFilename, MARKER_FORMATS, MARKER_FORMAT_META } from './format-meta';
import { buildYoutubeChapters, OPENING_CHAPTER_TITLE, YOUTUBE_CHAPTER_RULES } from './youtube-chapters';

/** YouTube's rules (YouTube Help, "Video chapters"), checked on what an independent parser reads from the text. */
function expectYoutubeValid(text: string, durationSeconds: number) {
  const chapters = getYouTubeChapters(text);
  expect(chapters.length).toBeGreaterThanOrEqual(3);
  expect(chapters[0]!.start).toBe(0);
  chapters.forEach((chapter, i) => {
    const end = chapters[i + 1]?.start ?? durationSeconds;
    expect(end - chapter.start).toBeGreaterThanOrEqual(10);
    expect(chapter.title.length).toBeGreaterThan(0);
    expect(chapter.title.length).toBeLessThanOrEqual(YOUTUBE_CHAPTER_RULES.maxTitleLength);
  });
  return chapters;
}

describe('buildYoutubeChapters: chapters that follow YouTube\'s rules, or the reason there can be none', () => {
  it('makes a chapter at 0:00 and one at each finding 10 s or more apart, read back by get-youtube-chapters', () => {
    const report = reportWithIssues([[12, 'high', 'Dead air'], [30.7, 'medium', 'Slow middle'], [41, 'low', 'Quiet voice']], { durationSeconds: 60 });
    const result = buildYoutubeChapters(report);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toBe(`0:00 ${OPENING_CHAPTER_TITLE}\n0:12 High: Dead air\n0:30 Medium: Slow middle\n0:41 Low: Quiet voice\n`);
    expect(expectYoutubeValid(result.text, 60)).toEqual([
      { start: 0, title: 'Opening' },
      { start: 12, title: 'High: Dead air' },
      { start: 30, title: 'Medium: Slow middle' },
      { start: 41, title: 'Low: Quiet voice' },
    ]);
  });

  it('folds findings closer than 10 s (or in the last 10 s) into the chapter before, led by the most severe', () => {
    const report = reportWithIssues([[2, 'low', 'Hook'], [5, 'high', 'Too quiet'], [15, 'medium', 'Lull'], [19, 'high', 'Frozen'], [33, 'low', 'Ends late'], [52, 'medium', 'No call to action']], { durationSeconds: 60 });
    const result = buildYoutubeChapters(report);
    if (!result.ok) throw new Error(result.reason);
    expect(result.chapters).toEqual([
      { seconds: 0, title: 'High: Too quiet (+1 more)' },
      { seconds: 15, title: 'High: Frozen (+1 more)' },
      { seconds: 33, title: 'Medium: No call to action (+1 more)' },
    ]);
    expectYoutubeValid(result.text, 60);
  });

  it('writes hours from an hour up and keeps long titles short', () => {
    const long = 'A very long finding title that goes on and on about the pacing of the middle section';
    const report = reportWithIssues([[600, 'high', long], [3700.4, 'low', 'Late']], { durationSeconds: 3720 });
    const result = buildYoutubeChapters(report);
    if (!result.ok) throw new Error(result.reason);
    expect(result.text.split('\n')[2]).toBe('1:01:40 Low: Late');
    expect(result.chapters[1]!.title).toBe('High: A very long finding title that goes on and…');
    expectYoutubeValid(result.text, 3720);
  });

  it('says so instead of chapters when the video is under 30 s (the sample report is 0:28)', () => {
    const result = buildYoutubeChapters(sampleReport());
    expect(result).toMatchObject({ ok: false, reason: 'YouTube chapters need at least 3 chapters of 10 seconds or more, so a 0:28 video cannot have them (it needs 0:30).' });
  });

  it('says so when the findings are too few or too close together', () => {
    expect(buildYoutubeChapters(reportWithIssues([[20, 'high']], { durationSeconds: 120 }))).toMatchObject({
      ok: false,
      reason: "YouTube chapters need at least 3 chapters of 10 seconds or more, and this report's findings are too few or too close together to make more than 2.",
    });
    expect(buildYoutubeChapters(reportWithIssues([[3, 'high'], [6, 'low'], [9, 'low']], { durationSeconds: 120 }))).toMatchObject({ ok: false });
    expect(buildYoutubeChapters(reportWithIssues([], { durationSeconds: 120 }))).toMatchObject({ ok: false });
  });
});

describe('buildMarkerFile: one entry point, a file name and type per format', () => {
  it('names each file after the video', () => {
    expect(MARKER_FORMATS.map((f) => markerFilename('launch-teaser.v2.mp4', f))).toEqual([
      'launch-teaser.v2.fcpxml',
      'launch-teaser.v2-markers.edl',
      'launch-teaser.v2-premiere.xml',
      'launch-teaser.v2-youtube-chapters.txt',
    ]);
  });

  it('builds the three editor files for any report, and chapters only when YouTube would take them', () => {
    const report = sampleReport({ filename: 'launch-teaser.v2.mp4' });
    for (const format of ['fcpxml', 'edl', 'premiere'] as const) {
      const file = buildMarkerFile(report, format);
      expect(file).toMatchObject({ ok: true, filename: markerFilename('launch-teaser.v2.mp4', format), contentType: MARKER_FORMAT_META[format].contentType });
    }
    expect(buildMarkerFile(report, 'youtube')).toMatchObject({ ok: false, reason: expect.stringContaining('0:28 video') });
    const longer = reportWithIssues([[12, 'high'], [30, 'low']], { durationSeconds: 60 });
    expect(buildMarkerFile(longer, 'youtube')).toMatchObject({ ok: true, body: expect.stringMatching(/^0:00 /) });
  });
});
