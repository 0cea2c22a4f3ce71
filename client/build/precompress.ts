import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `file.br` and `file.gz` beside every compressible file of `dir` (maximum quality: done once per build). */
export function precompressDir(dir: string): { files: number } {
  let files = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    files += 1;
  }
  return { files };
}

/**
 * Precompresses the build output (brotli + gzip) so the server sends the matching copy without compressing per
 * request (src/modules/pages/serve-client.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'preflight-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files } = precompressDir(outDir);
      this.info(`precompressed ${files} files (br + gz)`);
    },
  };
}
