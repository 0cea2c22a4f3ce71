import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Upload bodies arrive as one new 64 KB Buffer per socket read, held outside the JS heap. By default V8 answers every
 * ~64 MB of such external memory with a full mark-compact of the API's whole heap (≈ 55 MB of Nest, TypeORM and
 * Firebase), 30–100 ms each: about 40 of them per gigabyte uploaded, which halved upload throughput
 * (`npm run bench:upload`). Counting external memory in V8's global heap limit instead lets the cheap young-generation
 * collections free those buffers. Imported first by the API's entry point, before the heap fills.
 */
setFlagsFromString('--external-memory-accounted-in-global-limit');

/**
 * The cost of that setting: nothing collects the dead read buffers until the young generation (64 MB semi-spaces
 * here) fills, so 130–140 MB of them piled up during a large upload; glibc keeps the memory they took once they are
 * freed (freed 64 KB chunks sit among live allocations), so the API's RSS stayed that much higher for good. This
 * keeps the pile small: whenever buffer memory has grown by BUFFER_GROWTH_FOR_COLLECTION since the lowest it was, a
 * young-generation collection (≈ 0.3 ms; the API's young objects are few) frees the read buffers already dead.
 * Measured by `npm run bench:upload` on a quiet machine: RSS growth 44–45 MB on 2 GB uploads (142 MB without), at
 * 98–123 % of a bare Node server's throughput. Checked every 10 ms because a loopback upload brings ~4 MB in that
 * time (every 50 ms let the growth reach 112 MB); a check costs microseconds.
 */
const BUFFER_GROWTH_FOR_COLLECTION = 16 * 1024 * 1024;
const CHECK_EVERY_MS = 10;

// `gc` from a fresh context: the flag exposes it there without putting it on the API's own global object.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options: { type: 'minor'; execution: 'async' }) => void;
setFlagsFromString('--no-expose-gc');

// The lowest buffer total seen since the last collection: growth is measured from there.
let bufferFloor = process.memoryUsage().arrayBuffers;
setInterval(() => {
  const bufferBytes = process.memoryUsage().arrayBuffers;
  if (bufferBytes - bufferFloor >= BUFFER_GROWTH_FOR_COLLECTION) {
    collect({ type: 'minor', execution: 'async' });
    bufferFloor = bufferBytes;
  } else bufferFloor = Math.min(bufferFloor, bufferBytes);
}, CHECK_EVERY_MS).unref();
