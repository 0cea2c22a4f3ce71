import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AppConfig } from '../../config/app-config';
import { LocalObjectStore } from './local-object-store';
import { StorageService } from './storage.service';

describe('the local-disk store', () => {
  let root: string;
  let scratch: string;
  let store: LocalObjectStore;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'preflight-local-store-'));
    scratch = mkdtempSync(join(tmpdir(), 'preflight-local-scratch-'));
    store = new LocalObjectStore(new StorageService({ storageDir: root } as AppConfig));
    await store.prepare();
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps each key at its path below the folder, and refuses keys that would leave it', async () => {
    await store.putBytes('reports/r1_data/report.json', '{"a":1}');
    expect(readFileSync(join(root, 'reports/r1_data/report.json'), 'utf8')).toBe('{"a":1}');
    expect((await store.getBytes('reports/r1_data/report.json'))?.toString()).toBe('{"a":1}');
    expect(await store.getBytes('reports/r1_data/missing.json')).toBeNull();
    expect(await store.getStream('reports/r1_data/missing.json')).toBeNull();
    expect(() => store.pathOf('../outside')).toThrow(/escapes storage/);
    expect(() => store.pathOf('/etc/passwd')).toThrow(/not a storage key/);
  });

  it('puts a folder file by file (no temporary file left behind) and lists only what lies directly below a prefix', async () => {
    mkdirSync(join(scratch, 'frames'), { recursive: true });
    writeFileSync(join(scratch, 'frames', '00000.jpg'), 'jpg0');
    writeFileSync(join(scratch, 'frames', '00020.jpg'), 'jpg20');
    await store.putFolder('reports/r1_data/', scratch);
    await store.putFolder('reports/r1_data/frames/', join(scratch, 'nothing-here')); // no frames extracted: nothing to put
    await store.putBytes('reports/r1_data/optimization-report-0123456789abcdef.pdf', Buffer.from('%PDF-'));
    expect(readdirSync(join(root, 'reports/r1_data/frames')).sort()).toEqual(['00000.jpg', '00020.jpg']);
    expect((await store.list('reports/r1_data/')).map((o) => o.key)).toEqual(['reports/r1_data/optimization-report-0123456789abcdef.pdf']);
    expect((await store.list('reports/r1_data/frames/')).map((o) => [o.key, o.size])).toEqual([
      ['reports/r1_data/frames/00000.jpg', 4],
      ['reports/r1_data/frames/00020.jpg', 5],
    ]);
    expect(await store.hasAnyUnder('reports/r1_data/frames/')).toBe(true);
    await store.deleteUnder('reports/r1_data/frames/');
    expect(await store.hasAnyUnder('reports/r1_data/frames/')).toBe(false);
    expect(await store.exists('reports/r1_data/optimization-report-0123456789abcdef.pdf')).toBe(true);
  });

  it('stores a stream whole and hands the file itself out as the local copy', async () => {
    expect(await store.putStream('uploads/mp-a.mp4', Readable.from([Buffer.from('vid'), Buffer.from('eo')]))).toBe(5);
    expect(readdirSync(join(root, 'uploads'))).toEqual(['mp-a.mp4']);
    const copy = await store.localFile('uploads/mp-a.mp4'); // on local disk no scratch folder is needed
    expect(copy.path).toBe(join(root, 'uploads/mp-a.mp4'));
    await copy.release();
    expect(await store.exists('uploads/mp-a.mp4')).toBe(true); // releasing the local disk's "copy" keeps the file
    expect(await store.probeSource('uploads/mp-a.mp4')).toBe(join(root, 'uploads/mp-a.mp4'));
    await store.delete('uploads/mp-a.mp4');
    expect(await store.exists('uploads/mp-a.mp4')).toBe(false);
    expect(await store.abortStaleMultipartUploads()).toBe(0);
  });
});
