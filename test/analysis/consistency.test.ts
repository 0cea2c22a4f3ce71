/**
 * No report contradicts itself or the picture (issue 27 item 5), through the real engine: generated videos made for
 * each way it went wrong — no audio track, a silent track, burned-in captions with a handle in the top 2 % of a
 * vertical frame, a fixed title over talk, a flat card, three still silent stretches — and the real clips in
 * ../shared/media, each in every feedback style on the platforms that judge it. The oracle (test/support/analysis/
 * contradictions.ts) reads only the finished report.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { analyzeVideo, rederiveReport, type Report } from '../../src/analysis';
import { contradictions } from '../support/analysis/contradictions';
import { makeTalkingVideo, makeVideo } from '../../scripts/media/generate';

jest.setTimeout(600_000);
const exec = promisify(execFile);
let dir: string;
const made: Record<string, Report> = {};
const check = (r: Report, id: string) => r.platform_preset!.checks.find((c) => c.id === id)!;
const ids = (r: Report) => r.prevention_analytics.prevention_fixes.map((f) => f.id);

/** Every style, on the platform given: what the oracle finds (empty = consistent). */
function everyStyle(r: Report, platform: 'auto' | 'tiktok' | 'reels' | 'shorts' | 'youtube'): string[] {
  return (['gentle', 'balanced', 'brutal'] as const).flatMap((style) => contradictions(rederiveReport(r, { style, platform })).map((c) => `${style}/${platform}: ${c}`));
}

/** A flat green card with a burned-in running timecode and a man talking for 12 s of 20 (no generator visual is flat). */
async function flatCard(out: string): Promise<string> {
  const wav = path.join(dir, 'card.wav');
  await exec('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', wav, 'Here is what I learned about editing this week. Keep every shot short, and cut the pauses.']);
  await exec('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x3a8a3a:s=640x360:r=30:d=20', '-i', wav,
    '-filter_complex', "[0:v]drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='%{pts\\:hms}':fontsize=22:fontcolor=white:x=w-tw-20:y=h-th-20[v];[1:a]adelay=300|300,apad[a]",
    '-map', '[v]', '-map', '[a]', '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-pix_fmt', 'yuv420p', out,
  ]);
  return out;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-consistency-'));
  const analyse = async (name: string, file: string, platform: 'auto' | 'reels' | 'tiktok' = 'auto') => {
    made[name] = await analyzeVideo(file, { outDir: path.join(dir, `${name}.out`), platform });
  };
  const vertical = { dir, width: 540, height: 960 };
  // Captions mid-frame and a small handle in the top 2 % (a 19 px font on 960 px: 1.8 % of the height).
  await analyse('handleTop', (await makeTalkingVideo({ ...vertical, name: 'handleTop', seconds: 12, captions: { at: 0.55 }, overlayText: { text: '@maya.makes.things', at: 0.013, size: 0.02 } })).path, 'reels');
  // Talk with a big fixed title and no captions.
  await analyse('fixedTitle', (await makeTalkingVideo({ ...vertical, name: 'fixedTitle', seconds: 12, overlayText: { text: 'MY EDITING SECRETS', at: 0.45, size: 0.035 } })).path, 'reels');
  // Nothing to hear: no audio track, and a track of digital silence (shots without speech).
  const quietShots = [{ seconds: 4, visual: 'still-noisy' as const }, { seconds: 4, visual: 'gradients' as const }, { seconds: 4, visual: 'still' as const }];
  await analyse('noAudio', (await makeVideo({ ...vertical, name: 'noAudio', noAudio: true, shots: quietShots })).path);
  await analyse('silentTrack', (await makeVideo({ ...vertical, name: 'silentTrack', shots: quietShots })).path);
  // Three still, silent stretches between lines of talk.
  const line = (visual: 'testsrc' | 'gradients' | 'life', speech: string, hue = 0) => ({ seconds: 3.5, visual, speech, speechAt: 0.2, gainDb: 7, hue });
  const dead = { seconds: 5, visual: 'still' as const };
  await analyse('threeDead', (await makeVideo({
    ...vertical, name: 'threeDead',
    shots: [line('testsrc', 'Here is the trick.'), dead, line('gradients', 'Cut every pause.'), { ...dead, hue: 90 }, line('life', 'Keep it moving.'), { ...dead, hue: 180 }, line('testsrc', 'Follow for more.', 120)],
  })).path, 'tiktok');
  await analyse('flatCard', await flatCard(path.join(dir, 'flatCard.mp4')));
});
afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

describe('generated videos: no finding contradicts another or the picture', () => {
  it('a handle in the top 2 % of a vertical frame is seen and flagged; the captions under it are not "missing"', () => {
    const r = made.handleTop;
    const zone = check(r, 'safe_zone');
    expect(zone.status).toBe('fail');
    expect(zone.evidence).toMatch(/sits in the top 14 % of the frame, which Instagram Reels' interface covers/);
    expect(zone.overlay!.boxes.some((b) => b.y + b.h <= 0.04)).toBe(true);
    expect(check(r, 'captions').status).toBe('pass');
    expect(ids(r).join(' ')).not.toMatch(/no-captions/);
    expect(everyStyle(r, 'reels')).toEqual([]);
  });

  it('a fixed title over talk is named for what it is when the captions are missing', () => {
    const r = made.fixedTitle;
    const none = r.prevention_analytics.prevention_fixes.find((f) => f.id.startsWith('no-captions'))!;
    expect(none.evidence).toMatch(/the only text on the \d+ frames read during speech is "MY EDITING SECRETS", which stays the same/);
    expect(everyStyle(r, 'reels')).toEqual([]);
  });

  it('no audio track / a silent track: no advice that presumes sound or speech', () => {
    for (const name of ['noAudio', 'silentTrack']) {
      const r = made[name];
      expect(ids(r)[0] === undefined || ids(r).some((id) => /no-audio|silent-audio/.test(id))).toBe(true);
      // Fixes are ranked by the viewers each loses (issue 41), so a still opening may come first; nothing to hear is
      // still among the urgent three, said plainly, and no recommendation asks a silent video for speech.
      expect(ids(r).slice(0, 3).some((id) => /no-audio|silent-audio/.test(id))).toBe(true);
      const recommendations = r.overall_score_and_recommendations.top_recommendations.join(' | ');
      expect(recommendations).toMatch(/no sound|silent audio track/);
      expect(recommendations).not.toMatch(/speech|speak/i);
      expect(JSON.stringify(r.prevention_analytics.prevention_fixes)).not.toMatch(/first line|Raise the audio|dead air/i);
      for (const p of ['auto', 'tiktok', 'youtube'] as const) expect(everyStyle(r, p)).toEqual([]);
    }
  });

  it('three still, silent stretches are one finding naming each moment, and the top three are three different fixes', () => {
    const r = made.threeDead;
    const deadIds = ids(r).filter((id) => id.startsWith('dead-segment'));
    expect(deadIds).toHaveLength(1);
    const card = r.prevention_analytics.prevention_fixes.find((f) => f.id === deadIds[0])!;
    expect(card.evidence).toMatch(/^3 times: /);
    const top = r.overall_score_and_recommendations.top_recommendations;
    expect(new Set(top.map((t) => t.replace(/^\d+:\d\d /, ''))).size).toBe(top.length);
    expect(everyStyle(r, 'tiktok')).toEqual([]);
  });

  it('a flat green card is not "washed out" or "too dark": there is no contrast to fix', () => {
    const r = made.flatCard;
    expect(ids(r).join(' ')).not.toMatch(/washed-out|too-dark/);
    expect(JSON.stringify(r)).not.toMatch(/contrast only/);
    expect(everyStyle(r, 'auto')).toEqual([]);
  });
});

const mediaDir = process.env.SHARED_MEDIA_DIR ?? path.resolve(__dirname, '..', '..', '..', 'shared', 'media');
const maybe = fs.existsSync(path.join(mediaDir, 'truth.json')) ? describe : describe.skip;

maybe('real clips (shared/media): no finding contradicts another or the picture', () => {
  it('every clip, every style, on its own platform and on the short-form feeds', async () => {
    const truth = JSON.parse(fs.readFileSync(path.join(mediaDir, 'truth.json'), 'utf8')) as Record<string, unknown>;
    const found: string[] = [];
    for (const name of Object.keys(truth)) {
      const r = await analyzeVideo(path.join(mediaDir, name), { outDir: path.join(dir, `real-${name}`) });
      for (const p of ['auto', 'tiktok', 'reels', 'shorts'] as const) found.push(...everyStyle(r, p).map((c) => `${name}: ${c}`));
    }
    expect(found).toEqual([]);
  });
});
