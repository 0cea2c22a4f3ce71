import { multipartUploadName, multipartWriterIsGone } from './multipart-partial';

describe('multipart partial upload names', () => {
  it('name the machine and process that write them', () => {
    expect(multipartUploadName('abc', '.mp4', 'box.example', 42)).toBe('mp-box-example.42-abc.mp4');
  });

  it('tell a dead writer on this machine from a live one', () => {
    const name = `/data/uploads/${multipartUploadName('abc', '.mp4', 'box', 4242)}`;
    expect(multipartWriterIsGone(name, 'box', () => false)).toBe(true);
    expect(multipartWriterIsGone(name, 'box', () => true)).toBe(false);
  });

  it('never judge another machine’s files, or files named before writers were named', () => {
    expect(multipartWriterIsGone(`/u/${multipartUploadName('abc', '.mp4', 'other', 1)}`, 'box', () => false)).toBe(false);
    expect(multipartWriterIsGone('/u/mp-3f2a9c1e-uuid.mp4', 'box', () => false)).toBe(false);
  });

  it('see the real process table: this process is alive', () => {
    expect(multipartWriterIsGone(multipartUploadName('x', '', undefined, process.pid))).toBe(false);
  });
});
