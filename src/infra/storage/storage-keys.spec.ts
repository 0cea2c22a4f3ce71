import { frameKey, framesPrefix, isFrameKey, nameOf, reportJsonKey, reportPrefix, uploadKey } from './storage-keys';

describe('storage keys', () => {
  it('keep the storage folder’s layout, so a key is also the path below STORAGE_DIR', () => {
    const id = '5a3c1e00-0000-4000-8000-000000000001';
    expect(uploadKey('mp-box.42-abc.mp4')).toBe('uploads/mp-box.42-abc.mp4');
    expect(reportPrefix(id)).toBe(`reports/${id}_data/`);
    expect(reportJsonKey(id)).toBe(`reports/${id}_data/report.json`);
    expect(framesPrefix(id)).toBe(`reports/${id}_data/frames/`);
    expect(frameKey(id, '00020.jpg')).toBe(`reports/${id}_data/frames/00020.jpg`);
    expect(nameOf(frameKey(id, '00020.jpg'))).toBe('00020.jpg');
    expect([frameKey(id, '00020.jpg'), `${framesPrefix(id)}optimization-report-0123456789abcdef.pdf`].map(isFrameKey)).toEqual([true, true]);
    expect([reportJsonKey(id), `${reportPrefix(id)}optimization-report-0123456789abcdef.pdf`, uploadKey('frames')].map(isFrameKey)).toEqual([false, false, false]);
  });

  it('refuse names that could leave their folder or are not plain', () => {
    for (const name of ['..', '.', 'a/b', '../x', '', 'a b', 'x\u0000']) expect(() => uploadKey(name)).toThrow(/not a storage name/);
    expect(() => frameKey('id', '../report.json')).toThrow(/not a storage name/);
  });
});
