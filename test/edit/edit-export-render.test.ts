/**
 * The edit exports run by the software that reads them (issue 42, "Into the editor"): MLT's own `melt` renders the
 * Shotcut/Kdenlive file and `sh` runs the render script, against a generated source (lavfi testsrc and a 440 Hz tone
 * with silent stretches, 29.97 fps so the rate is the fraction 30000/1001). The rendered frames are counted by
 * ffprobe -count_frames and must equal the kept frames exactly (MLT's `out` is inclusive: an off-by-one would add a
 * frame per piece, four here); the silences are found by ffmpeg's silencedetect: the two removed stretches are gone,
 * the kept one is where the edit moved it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEditExport, type EditTimeline } from '../../src/analysis/edit/export';
import { timelineOnFrames } from '../support/edit-files';

jest.setTimeout(240_000);

const RATE = { num: 30000, den: 1001 };
const seconds = (frame: number) => (frame * RATE.den) / RATE.num;
const SOURCE_FRAMES = 600;
/** Silent stretches of the tone, in source frames [from, to). */
const SILENCES: Array<[number, number]> = [[90, 150], [240, 270], [360, 435]];
/** Kept pieces: the first and third silences cut out, and a single frame (200) cut from the middle. */
const KEPT: Array<[number, number]> = [[0, 90], [150, 200], [201, 360], [435, 600]];
const KEPT_FRAMES = KEPT.reduce((sum, [a, b]) => sum + b - a, 0); // 464
/** The kept silence (frames 240–270) on the edited timeline: 90 + 50 + (240 − 201) = frame 179. */
const KEPT_SILENCE_AT = seconds(179);

const run = (command: string, args: string[], cwd?: string) => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

function makeSource(path: string): void {
  const silent = SILENCES.map(([a, b]) => `between(t,${seconds(a)},${seconds(b) - 1e-6})`).join('+');
  run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    // Each input as long as the source: cutting the output instead leaves the audio short of the video.
    '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=${RATE.num}/${RATE.den}:duration=${seconds(SOURCE_FRAMES)}`,
    '-f', 'lavfi', '-i', `aevalsrc='if(${silent},0,0.5*sin(2*PI*440*t))':s=48000:c=mono:d=${seconds(SOURCE_FRAMES)}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', path,
  ]);
}

function videoFrames(path: string): number {
  return Number(run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', path]).trim());
}

function audioSeconds(path: string): number {
  return Number(run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', path]).trim());
}

/** Every stretch of 0.3 s or more below −50 dB, as [start, duration] in seconds (ffmpeg's silencedetect, on stderr). */
function silences(path: string): Array<[number, number]> {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-af', 'silencedetect=noise=-50dB:duration=0.3', '-f', 'null', '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`silencedetect failed: ${result.stderr}`);
  const starts = [...result.stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const durations = [...result.stderr.matchAll(/silence_duration: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((start, i) => [start, durations[i] ?? Number.NaN]);
}

describe('edit exports rendered by real software', () => {
  let dir: string;
  let timeline: EditTimeline;
  // A name that a careless script or XML writer would break.
  const name = `it's a "test" $HOME & more.mp4`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'preflight-edit-render-'));
    makeSource(join(dir, name));
    timeline = timelineOnFrames(RATE, KEPT, { sourceFileName: name, sourceFrames: SOURCE_FRAMES, width: 160, height: 120, audio: { channels: 1, sampleRate: 48000 } });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the source is what the test says: 600 frames, as much audio, three silences', () => {
    expect(videoFrames(join(dir, name))).toBe(SOURCE_FRAMES);
    expect(audioSeconds(join(dir, name))).toBeCloseTo(seconds(SOURCE_FRAMES), 2);
    expect(silences(join(dir, name)).map(([start]) => Math.round(start * 10) / 10)).toEqual(SILENCES.map(([a]) => Math.round(seconds(a) * 10) / 10));
  });

  it('melt renders the MLT file to exactly the kept frames, with the removed silences gone and the kept one moved', () => {
    const mlt = buildEditExport('mlt', timeline);
    writeFileSync(join(dir, mlt.fileName), mlt.body);
    const rendered = join(dir, 'melt-render.mp4');
    // From another folder: the bare file name in the MLT resolves against the .mlt file's own folder.
    run('melt', ['-quiet', join(dir, mlt.fileName), '-consumer', `avformat:${rendered}`, 'vcodec=libx264', 'preset=ultrafast', 'acodec=aac', 'real_time=0'], tmpdir());
    expect(videoFrames(rendered)).toBe(KEPT_FRAMES);
    const found = silences(rendered);
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBeCloseTo(KEPT_SILENCE_AT, 1);
    expect(found[0]![1]).toBeCloseTo(seconds(30), 1);
  });

  it('the render script, run in the folder of the original, writes <name>.tightened.mp4 of the kept length without the removed silences', () => {
    const script = buildEditExport('ffmpeg', timeline);
    writeFileSync(join(dir, script.fileName), script.body);
    const out = run('sh', [script.fileName], dir);
    const tightened = join(dir, `it's a "test" $HOME & more.tightened.mp4`);
    expect(out).toContain(`Wrote ./it's a "test" $HOME & more.tightened.mp4`);
    expect(videoFrames(tightened)).toBe(KEPT_FRAMES);
    expect(audioSeconds(tightened)).toBeCloseTo(seconds(KEPT_FRAMES), 1);
    const found = silences(tightened);
    // The one-frame fades at the cuts are far shorter than the 0.3 s silencedetect needs: only the kept silence is found.
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBeCloseTo(KEPT_SILENCE_AT, 1);
    expect(found[0]![1]).toBeCloseTo(seconds(30), 1);
  });

  it('the render script says what is missing when it is run in the wrong folder', () => {
    const script = buildEditExport('ffmpeg', timeline);
    const elsewhere = mkdtempSync(join(tmpdir(), 'preflight-edit-elsewhere-'));
    try {
      writeFileSync(join(elsewhere, script.fileName), script.body);
      const result = spawnSync('sh', [script.fileName], { cwd: elsewhere, encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(`./${name} is not in this folder: run this script in the folder of the original video.\n`);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('a long edit (40 pieces: the render script splits them into groups first) renders to exactly its frames with melt and with the script', () => {
    const pieces = Array.from({ length: 40 }, (_, i) => [i * 15 + 3, i * 15 + 12] as [number, number]);
    const long = timelineOnFrames(RATE, pieces, { sourceFileName: name, sourceFrames: SOURCE_FRAMES, width: 160, height: 120, audio: { channels: 1, sampleRate: 48000 } });
    const frames = pieces.length * 9;
    const mlt = buildEditExport('mlt', long);
    writeFileSync(join(dir, 'long-edit.mlt'), mlt.body);
    const rendered = join(dir, 'long-melt.mp4');
    run('melt', ['-quiet', join(dir, 'long-edit.mlt'), '-consumer', `avformat:${rendered}`, 'vcodec=libx264', 'preset=ultrafast', 'acodec=aac', 'real_time=0'], tmpdir());
    expect(videoFrames(rendered)).toBe(frames);

    const script = buildEditExport('ffmpeg', long);
    writeFileSync(join(dir, 'long-tighten.sh'), script.body);
    run('sh', ['long-tighten.sh'], dir);
    const tightened = join(dir, `it's a "test" $HOME & more.tightened.mp4`);
    expect(videoFrames(tightened)).toBe(frames);
    // To the sample: AAC frames add at most a few ms.
    expect(Math.abs(audioSeconds(tightened) - seconds(frames))).toBeLessThan(0.025);
  });
});
