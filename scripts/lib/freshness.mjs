// Whether a build output is newer than everything it is built from, so that a second `npm start` skips the build.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bootstrap.mjs';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-server') continue; // build outputs
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when `output` exists and is newer than every file under `inputs` (paths relative to the repository). */
export function isUpToDate(output, inputs) {
  const target = join(ROOT, output);
  if (!existsSync(target)) return false;
  const built = statSync(target).mtimeMs;
  return inputs.every((input) => newestMtime(join(ROOT, input)) < built);
}

/** Records a finished build (a stamp file written after it, so partial or failed builds never count). */
export function markBuilt(stamp) {
  writeFileSync(join(ROOT, stamp), `${new Date().toISOString()}\n`);
}
