import getYouTubeChapters from 'get-youtube-chapters';
import { reportWithIssues, sampleReport } from '../../../../test/support/marker-files';
import { buildMarkerFile } from './formats';
import { markerFilename, MARKER_FORMATS, MARKER_FORMAT_META } from './format-meta';
import { YOUTUBE_CHAPTER_RULES, youtubeChaptersUnavailable } from './format-meta';
import { buildYoutubeChapters, ENDING_CHAPTER_TITLE, MIDDLE_CHAPTER_TITLE, OPENING_CHAPTER_TITLE } from './youtube-chapters';

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

  it('makes valid chapters for every video of 30 s or more, however few or close its findings (the 60 s clip of issue 41)', () => {
    const clip = reportWithIssues([[0, 'high', 'Audio too quiet'], [0, 'medium', 'Frozen opening'], [25, 'high', 'Dead air'], [52, 'high', 'Long ending']], { durationSeconds: 60 });
    const result = buildYoutubeChapters(clip);
    if (!result.ok) throw new Error(result.reason);
    expect(result.chapters).toEqual([
      { seconds: 0, title: 'High: Audio too quiet (+1 more)' },
      { seconds: 25, title: 'High: Dead air' },
      { seconds: 42, title: 'High: Long ending' },
    ]);
    expectYoutubeValid(result.text, 60);

    const cases: Array<[number, Array<[number, 'high' | 'medium' | 'low']>]> = [
      [30, []], [30, [[0, 'high']]], [30.9, [[29, 'low']]], [31, [[15, 'high'], [21, 'low']]], [35, [[10, 'high']]], [39, [[3, 'high'], [6, 'low'], [9, 'low']]],
      [45, [[20, 'high']]], [60, [[12, 'high'], [30, 'low']]], [120, [[20, 'high']]], [120, []], [3600, [[1800, 'medium']]],
    ];
    for (const [duration, issues] of cases) {
      const r = buildYoutubeChapters(reportWithIssues(issues, { durationSeconds: duration }));
      if (!r.ok) throw new Error(`${duration} s: ${r.reason}`);
      expectYoutubeValid(r.text, Math.floor(duration));
      expect(r.chapters[0]!.seconds).toBe(0);
    }
  });

  it('names the chapters it adds by their place, and keeps the findings in the chapter they fall in', () => {
    const r = buildYoutubeChapters(reportWithIssues([], { durationSeconds: 120 }));
    if (!r.ok) throw new Error(r.reason);
    expect(r.chapters).toEqual([
      { seconds: 0, title: OPENING_CHAPTER_TITLE },
      { seconds: 40, title: MIDDLE_CHAPTER_TITLE },
      { seconds: 80, title: ENDING_CHAPTER_TITLE },
    ]);
    // Two chapters of 15 s cannot be split: equal thirds, each named by what it holds.
    const thirds = buildYoutubeChapters(reportWithIssues([[15, 'high', 'Lull'], [21, 'low', 'Quiet']], { durationSeconds: 31 }));
    if (!thirds.ok) throw new Error(thirds.reason);
    expect(thirds.chapters).toEqual([
      { seconds: 0, title: OPENING_CHAPTER_TITLE },
      { seconds: 10, title: 'High: Lull' },
      { seconds: 20, title: 'Low: Quiet' },
    ]);
  });

  it('the reason a video cannot have chapters depends only on its length, so the menu can say it before a click', () => {
    expect(youtubeChaptersUnavailable(29.9)).toBe('YouTube chapters need at least 3 chapters of 10 seconds or more, so a 0:29 video cannot have them (it needs 0:30).');
    expect(youtubeChaptersUnavailable(30)).toBeNull();
    expect(buildYoutubeChapters(reportWithIssues([[3, 'high']], { durationSeconds: 29.9 }))).toMatchObject({ ok: false, reason: youtubeChaptersUnavailable(29.9) });
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
