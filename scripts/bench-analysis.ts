/**
 * npm run bench:analysis -- [FILE] [--runs N]   (default 3 runs; medians reported)
 * For the same file, in one run: bare decode wall time (`ffmpeg -i FILE -f null -`), analysis wall time
 * (analyzeVideo, frames included), their ratio, and peak memory (RSS of node + ffmpeg children, sampled from /proc
 * every 50 ms). Without FILE it generates (and caches in $TMPDIR/preflight-bench) a 60 s and a 10 min 1080p video.
 * Also printed: capacity (hours of video analysed per core-hour of CPU, from the analysis's CPU time, so it holds
 * however busy the machine is) and the longest event-loop stall during an analysis (what the job lock must outlast).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { analyzeVideo, warmUpVision } from '../src/analysis';
import { makeLongTalkingVideo } from './media/generate';

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) of a live process, from /proc/PID/stat (clock ticks of 1/100 s on Linux). */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** Samples RSS (peak of the sum) and CPU time of this process and the given children every 50 ms. */
class Sampler {
  peakKb = 0;
  private pids = new Set<number>();
  private cpu = new Map<number, number>();
  private timer: NodeJS.Timeout;
  private cpu0 = process.cpuUsage();
  constructor(private includeSelf: boolean) {
    this.timer = setInterval(() => this.sample(), 50);
  }
  add(pid: number | undefined) {
    if (pid) this.pids.add(pid);
  }
  sample() {
    let sum = this.includeSelf ? Math.round(process.memoryUsage().rss / 1024) : 0;
    for (const p of this.pids) {
      sum += rssKb(p);
      const c = cpuSeconds(p);
      if (c !== null) this.cpu.set(p, c);
    }
    this.peakKb = Math.max(this.peakKb, sum);
  }
  stop() {
    clearInterval(this.timer);
    this.sample();
  }
  /** CPU seconds: children (last sample before exit, within 50 ms) + this process incl. worker threads. */
  cpuSeconds(): number {
    let c = 0;
    for (const v of this.cpu.values()) c += v;
    if (this.includeSelf) {
      const u = process.cpuUsage(this.cpu0);
      c += (u.user + u.system) / 1e6;
    }
    return c;
  }
}

async function bareDecode(file: string) {
  const s = new Sampler(false);
  const t0 = performance.now();
  await new Promise<void>((res, rej) => {
    const c = spawn('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', file, '-f', 'null', '-'], { stdio: 'ignore' });
    s.add(c.pid);
    c.on('error', rej);
    c.on('exit', () => s.sample());
    c.on('close', (code) => (code === 0 ? res() : rej(new Error(`ffmpeg exited ${code}`))));
  });
  const ms = performance.now() - t0;
  s.stop();
  return { seconds: ms / 1000, peakMb: s.peakKb / 1024, cpu: s.cpuSeconds() };
}

async function analysis(file: string) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-bench-out-'));
  const s = new Sampler(true);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t0 = performance.now();
  try {
    const r = await analyzeVideo(file, { outDir: out, niceness: 0, onChildProcess: (c) => s.add(c.pid) });
    const ms = performance.now() - t0;
    s.stop();
    const maxStallMs = loop.max / 1e6;
    return { seconds: ms / 1000, peakMb: s.peakKb / 1024, cpu: s.cpuSeconds(), maxStallMs, duration: r.video_info.duration_seconds, frames: r.frames.length, size: `${r.video_info.width}x${r.video_info.height}` };
  } finally {
    loop.disable();
    s.stop();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function bench(file: string, runs: number) {
  // The text and face models load once per worker process, at its start (warmUpVision), not per analysis.
  await warmUpVision();
  // Warm the page cache so neither measurement pays for the first read; then alternate decode / analysis runs.
  await bareDecode(file);
  const ds: Awaited<ReturnType<typeof bareDecode>>[] = [];
  const as: Awaited<ReturnType<typeof analysis>>[] = [];
  for (let i = 0; i < runs; i++) {
    ds.push(await bareDecode(file));
    as.push(await analysis(file));
  }
  const d = { seconds: median(ds.map((x) => x.seconds)), cpu: median(ds.map((x) => x.cpu)), peakMb: Math.max(...ds.map((x) => x.peakMb)) };
  const a = { ...as[0], seconds: median(as.map((x) => x.seconds)), cpu: median(as.map((x) => x.cpu)), peakMb: Math.max(...as.map((x) => x.peakMb)), maxStallMs: Math.max(...as.map((x) => x.maxStallMs)) };
  const ratio = a.seconds / d.seconds;
  // Video seconds per CPU second = video hours per core-hour: one worker core analyses this much 1080p per hour.
  const capacity = a.duration / a.cpu;
  const list = (xs: number[]) => (runs > 1 ? `  [runs: ${xs.map((x) => x.toFixed(2)).join(', ')}]` : '');
  console.log(
    [
      `file            ${file}`,
      `video           ${a.size}, ${a.duration.toFixed(1)} s, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
      `bare decode     ${d.seconds.toFixed(2)} s wall, ${d.cpu.toFixed(1)} s CPU   (ffmpeg -i FILE -f null -)   peak RSS ${d.peakMb.toFixed(0)} MB${list(ds.map((x) => x.seconds))}`,
      `analysis        ${a.seconds.toFixed(2)} s wall, ${a.cpu.toFixed(1)} s CPU   (decode pass + VAD + ${a.frames} frames + report)   peak RSS ${a.peakMb.toFixed(0)} MB (node + ffmpeg)${list(as.map((x) => x.seconds))}`,
      // Issue 27: the worker within 1.0 x the bare decode. On a shared machine only the CPU ratio means anything.
      `ratio           ${ratio.toFixed(2)} wall, ${(a.cpu / d.cpu).toFixed(2)} CPU   (target <= 1.00) wall ${ratio <= 1 ? 'OK' : 'OVER'}, CPU ${a.cpu / d.cpu <= 1 ? 'OK' : 'OVER'}`,
      `capacity        ${capacity.toFixed(2)} hours of this video per core-hour of CPU   (${a.duration.toFixed(0)} s of video / ${a.cpu.toFixed(1)} CPU s)`,
      `event loop      longest stall ${a.maxStallMs.toFixed(0)} ms during an analysis`,
    ].join('\n'),
  );
  return { file, decode: d, analysis: a, ratio, capacity };
}

async function main() {
  const args = process.argv.slice(2);
  const ri = args.indexOf('--runs');
  const runs = ri >= 0 ? Math.max(1, Number(args[ri + 1]) || 1) : 3;
  if (ri >= 0) args.splice(ri, 2);
  const file = args[0];
  if (file) {
    await bench(file, runs);
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
    rows.push(await bench(p, runs));
    console.log('');
  }
  console.log(
    'summary: ' +
      rows
        .map((r) => `${path.basename(r.file)} decode ${r.decode.seconds.toFixed(1)}s analysis ${r.analysis.seconds.toFixed(1)}s ratio ${r.ratio.toFixed(2)} (CPU ${(r.analysis.cpu / r.decode.cpu).toFixed(2)}) peak ${r.analysis.peakMb.toFixed(0)}MB capacity ${r.capacity.toFixed(2)} h/core-h stall ${r.analysis.maxStallMs.toFixed(0)}ms`)
        .join(' | '),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
