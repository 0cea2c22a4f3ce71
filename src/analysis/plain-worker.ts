/**
 * Options for the engine's worker threads (VAD, vision), whose code is plain JavaScript run with `eval`. A worker
 * inherits its parent's execArgv, so under `npm run analyze`, the benchmarks and the evaluations (run from the
 * TypeScript sources with `-r @swc-node/register`) every worker — and tesseract's own worker inside the vision
 * worker — loaded the TypeScript loader again: ~1 CPU s per thread, paid during the decode (issue 27, Speed). Only the
 * preloads are dropped; any other flag (memory limits, warnings) is kept.
 */
export function plainWorkerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i];
    if (a === '-r' || a === '--require' || a === '--import' || a === '--loader' || a === '--experimental-loader') {
      i++; // and its value
      continue;
    }
    if (/^(--require|--import|--loader|--experimental-loader)=/.test(a)) continue;
    out.push(a);
  }
  return out;
}
