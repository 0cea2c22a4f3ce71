import { setFlagsFromString } from 'node:v8';

/**
 * Upload bodies arrive as one new 64 KB Buffer per socket read, held outside the JS heap. By default V8 answers every
 * ~64 MB of such external memory with a full mark-compact of the API's whole heap (≈ 55 MB of Nest, TypeORM and
 * Firebase), 30–100 ms each: about 40 of them per gigabyte uploaded, which halved upload throughput
 * (`npm run bench:upload`). Counting external memory in V8's global heap limit instead lets the cheap young-generation
 * collections free those buffers. Imported first by the API's entry point, before the heap fills.
 */
setFlagsFromString('--external-memory-accounted-in-global-limit');
