import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseServedReport, ReportContractError, type ServedReport } from './served';
import { framesWithSeverity, formatPounds, toReportView, withoutSettingNames, WORDS_OFF_ON_SERVER } from './view-model';

const ROOT = join(__dirname, '..', '..', '..', '..');
const readJson = (...parts: string[]) => JSON.parse(readFileSync(join(ROOT, ...parts), 'utf8')) as Record<string, unknown>;
/** A real engine report of a flat talking head: 29/100, Start Over, brutal feedback, signed frame URLs. */
const startOver = () => parseServedReport(readJson('client', 'src', 'features', 'analysis', 'test', 'report.fixture.json'));
/** The sample report (48/100) as the API serves it. */
const sample = () => parseServedReport({ ...readJson('assets', 'sample-report', 'report.json'), frames_expired: false });

describe('parseServedReport: the contract, checked once at the edge', () => {
  it('accepts what the API serves', () => {
    expect(startOver().frames[0]?.url).toContain('signature=');
  });

  it('refuses anything else with the path of the first problem', () => {
    const broken = { ...readJson('assets', 'sample-report', 'report.json'), frames_expired: false, prevention_analytics: null };
    expect(() => parseServedReport(broken)).toThrow(ReportContractError);
    expect(() => parseServedReport(broken)).toThrow(/prevention_analytics/);
    expect(() => parseServedReport(readJson('assets', 'sample-report', 'report.json'))).toThrow(/frames_expired/);
  });
});

describe('toReportView: one severity everywhere', () => {
  it("a frame's severity is its issues' severity (never a second mapping of the legacy problem_severity)", () => {
    const view = toReportView(startOver());
    const opening = view.frames[0]!;
    // The engine marks this frame retention_killer (legacy → high), but its issues are high (loudness) and medium (hook).
    expect(opening.issues.map((i) => [i.id, i.severity])).toEqual([
      ['loudness-quiet-0', 'high'],
      ['hook-frozen-opening-0', 'medium'],
      ['hook-slow-start-0', 'medium'],
    ]);
    expect(opening.severity).toBe('high');
    for (const frame of view.frames) {
      for (const issue of frame.issues) expect(view.issues.find((i) => i.id === issue.id)?.severity).toBe(issue.severity);
    }
  });

  it('each severity filter finds every issue of that severity that has a frame', () => {
    for (const report of [startOver(), sample()]) {
      const view = toReportView(report);
      for (const severity of ['high', 'medium'] as const) {
        const listed = view.issues.filter((i) => i.severity === severity).map((i) => i.id);
        const onFrames = framesWithSeverity(view.frames, severity).flatMap((f) => f.issues.filter((i) => i.severity === severity).map((i) => i.id));
        expect(new Set(onFrames)).toEqual(new Set(listed));
      }
    }
  });

  it('frames without an issue carry no severity', () => {
    const view = toReportView(sample());
    const plain = view.frames.filter((f) => f.issues.length === 0);
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((f) => f.severity === null && f.kind !== 'issue')).toBe(true);
  });
});

describe('toReportView: labels are whole', () => {
  it('drop-off labels keep everything after the first ":"', () => {
    const view = toReportView(startOver());
    // The loudness figure is said in words (the label is on the page's first screens); the fix that removes it is named.
    expect(view.dropOffs[0]!.label).toBe('0:00 · −43.2% · Weak hook in the first 3 s: first words at 3.0 s; still picture for the first 15.0 s with nobody speaking; a quiet opening 3 s · fix #1');
    expect(view.dropOffs[1]!.label).toContain('(0:04-0:05)');
  });

  it('frame titles and fixes are whole', () => {
    const view = toReportView(sample());
    const dropOff = view.frames.find((f) => f.kind === 'drop_off')!;
    expect(dropOff.fix).toMatch(/^Predicted drop-off: .*\(\d+:\d\d-\d+:\d\d\)\. Tighten or cover this moment\.$/);
  });
});

describe('toReportView: the frame box follows the video', () => {
  const shaped = (width: number, height: number, orientation: 'vertical' | 'horizontal' | 'square'): ServedReport => {
    const report = sample();
    return { ...report, video_info: { ...report.video_info, width, height, orientation } };
  };

  it.each([
    [360, 640, 'vertical', '360 / 640'],
    [1920, 1080, 'horizontal', '1920 / 1080'],
    [1080, 1080, 'square', '1080 / 1080'],
    [1920, 1080, 'vertical', '1080 / 1920'], // stored landscape, rotated to portrait on playback
  ] as const)('%i×%i %s → %s', (width, height, orientation, css) => {
    const { frameAspect } = toReportView(shaped(width, height, orientation));
    expect(frameAspect.css).toBe(css);
    const [w, h] = css.split(' / ').map(Number);
    expect(frameAspect.ratio).toBeCloseTo(w! / h!);
  });
});

describe("toReportView: What's Fire / What's Flat agree with the score", () => {
  const withSegments = (score: number, ratings: ('engaging' | 'neutral' | 'flat')[]): ServedReport => {
    const report = sample();
    return {
      ...report,
      overall_score_and_recommendations: { ...report.overall_score_and_recommendations, overall_performance_score: score },
      prevention_analytics: { ...report.prevention_analytics, viral_risk_score: 100 - score },
      segments: ratings.map((rating, i) => ({ start_s: i * 5, end_s: i * 5 + 5, rating, score: [0.3, 0.1, 0.2, 0.5][i] ?? 0.4, reasons: [`reason ${i}`] })),
    };
  };

  it('a low score with no flat stretch shows the weakest stretches, never "Nothing flat"', () => {
    const { momentum } = toReportView(withSegments(26, ['neutral', 'neutral', 'neutral', 'engaging']));
    expect(momentum.flat.segments.map((s) => s.range)).toEqual(['0:05–0:10', '0:10–0:15']);
    expect(momentum.flat.note).toMatch(/weakest/);
    expect(momentum.flat.empty).not.toMatch(/Nothing flat/);
    expect(momentum.fire.segments.map((s) => s.range)).toEqual(['0:15–0:20']);
  });

  it('a strong score with no flat stretch may say so', () => {
    const { momentum } = toReportView(withSegments(85, ['neutral', 'engaging']));
    expect(momentum.flat.segments).toEqual([]);
    expect(momentum.flat.note).toBeNull();
    expect(momentum.flat.empty).toBe('Nothing flat — every stretch keeps moving.');
  });

  it('rated flat stretches are shown as they are', () => {
    const view = toReportView(startOver());
    expect(view.momentum.flat.segments.map((s) => s.rating)).toEqual(['flat', 'flat']);
    expect(view.momentum.flat.note).toBeNull();
  });
});

describe('toReportView: the two score readings say what they measure', () => {
  it('optimization score (dashboard label) and Optimization Level (from viral risk), each with a caption', () => {
    const { score } = toReportView(startOver());
    expect(score).toMatchObject({ value: 29, label: 'Start Over', viralRisk: 71, riskLevel: 'high', level: 'Needs Work' });
    expect(score.caption).toMatch(/100 − viral risk 71/);
    expect(score.levelCaption).toMatch(/viral risk \(71\/100\)/);
  });
});

describe('toReportView: money says what it assumes', () => {
  it('growth potential with its assumptions and a caption', () => {
    const { money } = toReportView(sample());
    expect(money.growthPotential).toBe('£1.20');
    expect(money.caption).toMatch(/per 10,000 views/);
    expect(money.caption).toMatch(/predicted, not measured/);
    expect(money.assumptions.some((a) => a.includes('£1.5 per 1,000 watch-minutes'))).toBe(true);
    // The headline is in a creator's units: seconds per view and minutes per 1,000 views, from the same model.
    const { baseline_avg_watch_s: before, improved_avg_watch_s: after } = sample().prevention_analytics.prevention_roi;
    const seconds = Math.round((after - before) * 10) / 10;
    expect(money.gain.secondsPerView).toBe(seconds);
    expect(money.gain.headline).toBe(`+${seconds} s watched per view`);
    expect(money.gain.minutesPer1000Views).toBe(Math.round((seconds * 1000) / 60));
    expect(money.gain.detail).toMatch(/^≈ \d+ more minutes watched per 1,000 views · average watch \d:\d\d → \d:\d\d/);
    expect(money.gain.moneyNote).toBe('In money, at the illustrative rate below: £1.20 per 10,000 views.');
  });

  it('formats pounds', () => {
    expect(formatPounds(1240.4)).toBe('£1,240.40');
    expect(formatPounds(0)).toBe('£0.00');
  });
});

describe('toReportView: issues', () => {
  it('a report made before retention_gain_pct is ordered from its stored boosts, and says nothing it does not know', () => {
    const r = startOver();
    expect(r.prevention_analytics.prevention_fixes.every((f) => f.retention_gain_pct === undefined)).toBe(true);
    const boosts = new Map([...r.detailed_analysis, ...r.viral_hook.action_items].map((i) => [i.id, i.potential_retention_boost]));
    const view = toReportView(r);
    const order = view.issues.map((i) => boosts.get(i.id) ?? 0);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(view.urgent).toEqual(view.issues.slice(0, 3));
    expect(view.issues.every((i) => i.retentionGain === null && i.gainText === null)).toBe(true);
    expect(view.score.ifFixed).toBeNull();
  });

  it('a report with retention_gain_pct keeps its order and says what each fix buys', () => {
    const r = startOver();
    const fixes = r.prevention_analytics.prevention_fixes.map((f, i) => ({ ...f, retention_gain_pct: [0.4, 12.3, 3, 0][i] ?? 0 }));
    const ordered = [...fixes].sort((a, b) => b.retention_gain_pct - a.retention_gain_pct);
    const view = toReportView({
      ...r,
      prevention_analytics: { ...r.prevention_analytics, prevention_fixes: ordered },
      overall_score_and_recommendations: { ...r.overall_score_and_recommendations, score_if_fixed: 75, fixable_issue_count: 3 },
    });
    expect(view.issues.map((i) => i.id)).toEqual(ordered.map((f) => f.id));
    expect(view.issues.map((i) => i.gainText)).toEqual([
      'Fix this: about +12 % still watching at 0:15',
      'Fix this: about +3 % still watching at 0:15',
      'Fix this: about +0.4 % still watching at 0:15',
      'Fix this: no predicted change in viewers still watching at 0:15',
    ]);
    expect(view.score.ifFixed).toEqual({ score: 75, allFixable: false, line: '29 now → about 75 with the 3 fixes below that need no new footage' });
  });

  it('urgent = the top 3 of the list; the rest grouped by category in display order; evidence on its own', () => {
    const view = toReportView(startOver());
    expect(view.urgent).toHaveLength(3);
    expect(view.groups.flatMap((g) => g.issues).length + view.urgent.length).toBe(view.issues.length);
    for (const issue of view.issues) {
      expect(issue.description).not.toMatch(/\(Measured: /);
      expect(issue.evidence.length).toBeGreaterThan(0);
    }
  });
});

describe('toReportView: sound over time', () => {
  const withClasses = (classes: { start_s: number; end_s: number; class: 'speech' | 'music' | 'other' | 'silence' }[]) => {
    const r = sample();
    return { ...r, metrics: { ...r.metrics, audio_classes: classes } };
  };

  it('bands line up with the duration and the legend gives each class its share, summing to 100', () => {
    const r = sample();
    const D = r.video_info.duration_seconds;
    const view = toReportView(
      withClasses([
        { start_s: 0, end_s: D / 2, class: 'speech' },
        { start_s: D / 2, end_s: (3 * D) / 4, class: 'music' },
        { start_s: (3 * D) / 4, end_s: D, class: 'silence' },
      ]),
    );
    expect(view.audio.status).toBe('classified');
    expect(view.audio.bands.map((b) => [b.class, b.leftPercent, b.widthPercent])).toEqual([
      ['speech', 0, 50],
      ['music', 50, 25],
      ['silence', 75, 25],
    ]);
    expect(view.audio.legend.map((l) => [l.label, l.percent])).toEqual([
      ['Speech', 50],
      ['Music', 25],
      ['Silence', 25],
    ]);
    expect(view.audio.summary).toBe('Speech 50 %, Music 25 %, Silence 25 %');
    expect(view.audio.bands[0]!.color).not.toBe(view.audio.bands[1]!.color);
  });

  it('merges touching stretches of one class, keeps thirds at whole percents adding to 100', () => {
    const D = sample().video_info.duration_seconds;
    const view = toReportView(
      withClasses([
        { start_s: 0, end_s: D / 6, class: 'other' },
        { start_s: D / 6, end_s: D / 3, class: 'other' },
        { start_s: D / 3, end_s: (2 * D) / 3, class: 'speech' },
        { start_s: (2 * D) / 3, end_s: D, class: 'music' },
      ]),
    );
    expect(view.audio.bands.map((b) => b.class)).toEqual(['other', 'speech', 'music']);
    expect(view.audio.legend.map((l) => l.class)).toEqual(['speech', 'music', 'other']);
    expect(view.audio.legend.reduce((a, l) => a + l.percent, 0)).toBe(100);
  });

  it('says plainly when there is no audio track, or when the report predates the classification', () => {
    const r = sample();
    const none = toReportView({ ...r, video_info: { ...r.video_info, has_audio: false }, metrics: { ...r.metrics, audio_classes: [] } });
    expect(none.audio).toMatchObject({ status: 'no_audio', bands: [], legend: [] });
    expect(none.audio.caption).toMatch(/no audio track/);
    const old = toReportView(withClasses([]));
    expect(old.audio.status).toBe(r.video_info.has_audio ? 'not_classified' : 'no_audio');
  });
});

describe('toReportView: the platform preset, once for every surface', () => {
  const withPreset = (preset: ServedReport['platform_preset']) => toReportView({ ...startOver(), platform_preset: preset });
  const checks: NonNullable<ServedReport['platform_preset']>['checks'] = [
    { id: 'length', status: 'pass', measured: '0:15', target: 'up to 3:00', evidence: '0:15 is within the 3:00 YouTube Shorts allows' },
    { id: 'aspect', status: 'pass', measured: '320 × 568 (9:16)', target: 'vertical or square', evidence: 'fits' },
    { id: 'loudness', status: 'fail', measured: '-31.0 LUFS', target: '-14 LUFS', evidence: '17.0 LU under' },
    { id: 'hook', status: 'warn', measured: 'no speech, no cut', target: 'a hook in the first 3 s', evidence: 'slow' },
  ];

  it('names the platform, who chose it and why, and labels each check', () => {
    const view = withPreset({ platform: 'shorts', requested: 'auto', auto_reason: 'vertical 9:16, 0:15 → YouTube Shorts (…)', checks });
    expect(view.preset).toMatchObject({
      platform: 'YouTube Shorts',
      requested: 'auto',
      chosenBy: 'auto',
      heading: 'Checked against YouTube Shorts (picked automatically)',
      autoReason: 'vertical 9:16, 0:15 → YouTube Shorts (…)',
      tally: '2 of 4 checks pass',
    });
    expect(view.preset!.checks.map((c) => [c.label, c.statusLabel])).toEqual([['Length', 'Pass'], ['Aspect', 'Pass'], ['Loudness', 'Fail'], ['Hook window', 'Check']]);
    expect(view.preset!.checks[2]).toMatchObject({ measured: '-31.0 LUFS', target: '-14 LUFS', evidence: '17.0 LU under' });
  });

  it('counts and lists only checks that ran; a check not run is kept aside with its reason', () => {
    const view = withPreset({
      platform: 'shorts',
      requested: 'auto',
      auto_reason: null,
      checks: [...checks, { id: 'captions', status: 'not_run', measured: 'not read', target: 'captions', evidence: 'On-screen text was not read.' }],
    });
    expect(view.preset!.tally).toBe('2 of 4 checks pass');
    expect(view.preset!.checks.map((c) => c.id)).not.toContain('captions');
    expect(view.preset!.notRun).toEqual([{ id: 'captions', label: 'Captions', reason: 'On-screen text was not read.' }]);
  });

  it("says 'your choice' for a chosen platform, and is null for a report made before presets were reported", () => {
    expect(withPreset({ platform: 'tiktok', requested: 'tiktok', auto_reason: null, checks }).preset?.heading).toBe('Checked against TikTok (your choice)');
    expect(toReportView(startOver()).preset).toBeNull();
  });
});

describe('toReportView: the word checks, never a silent gap', () => {
  it('on a server without speech-to-text: one creator line that names no setting, and no not-run rows', () => {
    const view = toReportView({
      ...startOver(),
      word_checks: {
        transcription: 'not_configured',
        note: 'Words not checked: no speech-to-text service is configured (OPENAI_API_KEY).',
        checks: [
          { id: 'opening_line', status: 'not_run', evidence: 'Not run: no speech-to-text service is configured (OPENAI_API_KEY).' },
          { id: 'call_to_action', status: 'not_run', evidence: 'Not run: no speech-to-text service is configured (OPENAI_API_KEY).' },
        ],
      },
    });
    expect(view.words).toMatchObject({ checked: false, offOnServer: true, shownToClient: false, note: WORDS_OFF_ON_SERVER, checks: [], notRun: [] });
    expect(JSON.stringify(view)).not.toContain('OPENAI_API_KEY');
  });

  it('keeps checks that did not run out of the rows, with their reason for the creator', () => {
    const view = toReportView({
      ...startOver(),
      word_checks: {
        transcription: 'ok',
        note: 'Words checked from the transcript.',
        checks: [
          { id: 'opening_line', status: 'pass', evidence: 'short first sentence' },
          { id: 'hook_topic', status: 'not_run', evidence: 'Not run: the language model failed for this video.' },
        ],
      },
    });
    expect(view.words.checks.map((c) => c.id)).toEqual(['opening_line']);
    expect(view.words.notRun).toEqual([{ id: 'hook_topic', label: 'Hook vs topic', reason: 'The language model failed for this video.' }]);
  });

  it('takes setting names out of any stored text', () => {
    expect(withoutSettingNames('Not run: no key (OPENAI_API_KEY).')).toBe('Not run: no key.');
    expect(withoutSettingNames('set VISION_MODEL_URL to read text')).toBe('set to read text');
    expect(withoutSettingNames('12 LUFS at 0:03, TikTok')).toBe('12 LUFS at 0:03, TikTok');
  });

  it('labels checks that ran, and says so for a report made before word checks existed', () => {
    const ran = toReportView({
      ...startOver(),
      word_checks: { transcription: 'ok', note: 'Words checked from the transcript.', checks: [{ id: 'opening_line', status: 'fail', evidence: 'opens with "Hey guys"' }] },
    });
    expect(ran.words).toMatchObject({ checked: true, checks: [{ label: 'Opening line', statusLabel: 'Fail', evidence: 'opens with "Hey guys"' }] });
    expect(toReportView(startOver()).words).toMatchObject({ checked: false, note: 'Words not checked: this report was made before word checks were reported.' });
  });
});
