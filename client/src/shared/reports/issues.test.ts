// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CATEGORY_META, normalizeCategory } from './categories';
import { groupByCategory, isGentleMode, mapReportToIssues, splitUrgent, toTimestamp, type PreventionIssue } from './issues';

const detailed = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    title: `Issue ${i}`,
    problem_description: `Problem ${i}`,
    actionable_recommendation_short: `Fix ${i}`,
    severity: ['Critical', 'Medium', 'Low', 'High'][i % 4],
    category: ['retention', 'engagement', 'cta', 'algorithm'][i % 4],
    timestamp_start: 60 - i * 10,
  }));
const hookItems = [
  { problem: 'Intro is slow', quick_suggestion: 'Open on the payoff', timestamp: '0:01' },
  { problem: 'No pattern interrupt', quick_suggestion: 'Cut at 0:03', timestamp: '0:03' },
];

describe('mapReportToIssues', () => {
  it('maps detailed_analysis items to Prevention issues', () => {
    const [issue] = mapReportToIssues({
      detailed_analysis: [
        {
          title: 'Energy dip',
          problem_description: 'Long static shot',
          actionable_recommendation_short: 'Add b-roll',
          severity: 'Critical',
          category: 'Retention',
          timestamp_start: 83,
          frame_image_path: 'frames/f_083.jpg',
          thumbnail_url: 'https://cdn/x.jpg',
          potential_retention_boost: 12,
        },
      ],
    });
    expect(issue).toEqual({
      id: 'detail-0',
      title: 'Energy dip',
      description: 'Long static shot',
      fix: 'Add b-roll',
      severity: 'high',
      category: 'retention',
      timestamp: '1:23',
      impactScore: 90,
      frameImagePath: 'frames/f_083.jpg',
      thumbnailUrl: 'https://cdn/x.jpg',
      potentialRetentionBoost: 12,
    } satisfies PreventionIssue);
  });

  it('maps hook action items as hook issues with impact 75 and severity medium', () => {
    const issues = mapReportToIssues({ detailed_analysis: detailed(4), viral_hook: { action_items: hookItems } });
    const hooks = issues.filter((i) => i.category === 'hook');
    expect(hooks).toEqual([
      {
        id: 'hook-0',
        title: 'Hook improvement',
        description: 'Intro is slow',
        fix: 'Open on the payoff',
        severity: 'medium',
        category: 'hook',
        timestamp: '0:01',
        impactScore: 75,
      },
      expect.objectContaining({ id: 'hook-1', timestamp: '0:03', impactScore: 75 }),
    ]);
  });

  it('sorts every issue by timestamp ascending', () => {
    const issues = mapReportToIssues({ detailed_analysis: detailed(4), viral_hook: { action_items: hookItems } });
    expect(issues.map((i) => i.timestamp)).toEqual(['0:01', '0:03', '0:30', '0:40', '0:50', '1:00']);
  });

  it('impact follows severity (high 90, medium 70, low 50)', () => {
    const issues = mapReportToIssues({ detailed_analysis: detailed(4) });
    const bySeverity = Object.fromEntries(issues.map((i) => [i.severity, i.impactScore]));
    expect(bySeverity).toEqual({ high: 90, medium: 70, low: 50 });
  });

  it('gentle mode: with 3 or fewer detailed items, hook items are left out', () => {
    expect(isGentleMode(1)).toBe(true);
    expect(isGentleMode(3)).toBe(true);
    expect(isGentleMode(4)).toBe(false);
    const three = mapReportToIssues({ detailed_analysis: detailed(3), viral_hook: { action_items: hookItems } });
    expect(three).toHaveLength(3);
    expect(three.some((i) => i.category === 'hook')).toBe(false);
    const four = mapReportToIssues({ detailed_analysis: detailed(4), viral_hook: { action_items: hookItems } });
    expect(four).toHaveLength(6);
  });

  it('with no detailed analysis at all, the hook items are still shown', () => {
    expect(isGentleMode(0)).toBe(false);
    expect(mapReportToIssues({ viral_hook: { action_items: hookItems } })).toHaveLength(2);
  });

  it('tolerates missing and malformed data', () => {
    expect(mapReportToIssues(null)).toEqual([]);
    expect(mapReportToIssues({})).toEqual([]);
    expect(mapReportToIssues({ detailed_analysis: null, viral_hook: { action_items: null } })).toEqual([]);
    const [issue] = mapReportToIssues({ detailed_analysis: [null] });
    expect(issue).toMatchObject({ title: 'Issue', description: '', fix: '', severity: 'low', category: 'engagement', timestamp: '0:00', impactScore: 50 });
  });

  it('normalises timestamps given as seconds or m:ss', () => {
    expect(toTimestamp(5)).toBe('0:05');
    expect(toTimestamp('0:5')).toBe('0:05');
    expect(toTimestamp('1:02:03')).toBe('0:00');
    expect(toTimestamp({})).toBe('0:00');
  });
});

describe('categories', () => {
  it.each([
    ['hook', 'hook'],
    ['Retention', 'retention'],
    ['ALGORITHM', 'algorithm'],
    ['engagement', 'engagement'],
    ['cta', 'cta'],
    ['call_to_action', 'cta'],
    ['pacing', 'engagement'],
    [undefined, 'engagement'],
  ])('%s → %s', (input, category) => {
    expect(normalizeCategory(input)).toBe(category);
  });

  it('every category has a label and an MUI icon', () => {
    for (const meta of Object.values(CATEGORY_META)) {
      expect(meta.label).toBeTruthy();
      expect(meta.Icon).toBeTruthy();
    }
  });
});

const issue = (id: string, impactScore: number, timestamp: string, category: PreventionIssue['category']): PreventionIssue => ({
  id,
  title: id,
  description: '',
  fix: '',
  severity: impactScore >= 90 ? 'high' : impactScore >= 70 ? 'medium' : 'low',
  category,
  timestamp,
  impactScore,
});

describe('splitUrgent', () => {
  const issues = [
    issue('a', 50, '0:05', 'cta'),
    issue('b', 90, '0:40', 'retention'),
    issue('c', 75, '0:01', 'hook'),
    issue('d', 90, '0:10', 'algorithm'),
    issue('e', 70, '0:20', 'engagement'),
    issue('f', 75, '0:02', 'hook'),
  ];

  it('takes the 3 highest-impact issues (earliest first on ties) as urgent and keeps the rest in order', () => {
    const { urgent, rest } = splitUrgent(issues);
    expect(urgent.map((i) => i.id)).toEqual(['d', 'b', 'c']);
    expect(rest.map((i) => i.id)).toEqual(['a', 'e', 'f']);
  });

  it('with 3 or fewer issues everything is urgent', () => {
    expect(splitUrgent(issues.slice(0, 2))).toEqual({ urgent: [issues[1], issues[0]], rest: [] });
    expect(splitUrgent([])).toEqual({ urgent: [], rest: [] });
  });
});

describe('groupByCategory', () => {
  it('groups in the order hook, retention, algorithm, engagement, cta with icons, omitting empty groups', () => {
    const groups = groupByCategory([
      issue('x', 50, '0:05', 'cta'),
      issue('y', 70, '0:06', 'hook'),
      issue('z', 90, '0:07', 'cta'),
      issue('w', 90, '0:08', 'retention'),
    ]);
    expect(groups.map((g) => [g.category, g.label, g.issues.map((i) => i.id)])).toEqual([
      ['hook', 'Hook', ['y']],
      ['retention', 'Retention', ['w']],
      ['cta', 'Call to Action', ['x', 'z']],
    ]);
    expect(groups.every((g) => g.Icon === CATEGORY_META[g.category].Icon)).toBe(true);
  });
});
