/**
 * npm run bench:analysis -- [FILE]
 * For the same file, in one run: bare decode wall time (`ffmpeg -i FILE -f null -`), analysis wall time
 * (analyzeVideo, frames included), their ratio, and peak memory (RSS of node + ffmpeg children, sampled from /proc
 * every 50 ms). Without FILE it generates (and caches in $TMPDIR/preflight-bench) a 60 s and a 10 min 1080p video.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo } from '../src/analysis';
import { makeLongTalkingVideo } from './media/generate';

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

class Sampler {
  peakKb = 0;
  private pids = new Set<number>();
  private timer: NodeJS.Timeout;
  constructor(private includeSelf: boolean) {
    this.timer = setInterval(() => this.sample(), 50);
  }
  add(pid: number | undefined) {
    if (pid) this.pids.add(pid);
  }
  sample() {
    let sum = this.includeSelf ? Math.round(process.memoryUsage().rss / 1024) : 0;
    for (const p of this.pids) sum += rssKb(p);
    this.peakKb = Math.max(this.peakKb, sum);
  }
  stop() {
    clearInterval(this.timer);
    this.sample();
  }
}

async function bareDecode(file: string) {
  const s = new Sampler(false);
  const t0 = performance.now();
  await new Promise<void>((res, rej) => {
    const c = spawn('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', file, '-f', 'null', '-'], { stdio: 'ignore' });
    s.add(c.pid);
    c.on('error', rej);
    c.on('close', (code) => (code === 0 ? res() : rej(new Error(`ffmpeg exited ${code}`))));
  });
  const ms = performance.now() - t0;
  s.stop();
  return { seconds: ms / 1000, peakMb: s.peakKb / 1024 };
}

async function analysis(file: string) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-bench-out-'));
  const s = new Sampler(true);
  const t0 = performance.now();
  try {
    const r = await analyzeVideo(file, { outDir: out, niceness: 0, onChildProcess: (c) => s.add(c.pid) });
    const ms = performance.now() - t0;
    s.stop();
    return { seconds: ms / 1000, peakMb: s.peakKb / 1024, duration: r.video_info.duration_seconds, frames: r.frames.length, size: `${r.video_info.width}x${r.video_info.height}` };
  } finally {
    s.stop();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

async function bench(file: string) {
  // Warm the page cache and the VAD model so neither run pays for the first read.
  await bareDecode(file);
  const d = await bareDecode(file);
  const a = await analysis(file);
  const ratio = a.seconds / d.seconds;
  console.log(
    [
      `file            ${file}`,
      `video           ${a.size}, ${a.duration.toFixed(1)} s, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`,
      `bare decode     ${d.seconds.toFixed(2)} s   (ffmpeg -i FILE -f null -)   peak RSS ${d.peakMb.toFixed(0)} MB`,
      `analysis        ${a.seconds.toFixed(2)} s   (decode pass + VAD + ${a.frames} frames + report)   peak RSS ${a.peakMb.toFixed(0)} MB (node + ffmpeg)`,
      `ratio           ${ratio.toFixed(2)}   (target <= 1.30) ${ratio <= 1.3 ? 'OK' : 'OVER'}`,
    ].join('\n'),
  );
  return { file, decode: d, analysis: a, ratio };
}

async function main() {
  const file = process.argv[2];
  if (file) {
    await bench(file);
    return;
  }
  const dir = path.join(os.tmpdir(), 'preflight-bench');
  fs.mkdirSync(dir, { recursive: true });
  const rows = [];
  for (const [name, seconds] of [['bench-60s-1080p', 60], ['bench-10min-1080p', 600]] as const) {
    let p = path.join(dir, `${name}.mp4`);
    if (!fs.existsSync(p)) {
      process.stderr.write(`generating ${name} (once; cached in ${dir})...\n`);
      // 60 s of unique content (speech over moving, cut visuals), repeated by stream copy for the 10 min file.
      const g = await makeLongTalkingVideo({ dir, name: `${name}.partial`, seconds, blockSeconds: 60, width: 1920, height: 1080, fps: 30, preset: 'veryfast', crf: 23 });
      fs.renameSync(g.path, p);
      p = path.join(dir, `${name}.mp4`);
    }
    rows.push(await bench(p));
    console.log('');
  }
  console.log('summary: ' + rows.map((r) => `${path.basename(r.file)} decode ${r.decode.seconds.toFixed(1)}s analysis ${r.analysis.seconds.toFixed(1)}s ratio ${r.ratio.toFixed(2)} peak ${r.analysis.peakMb.toFixed(0)}MB`).join(' | '));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
