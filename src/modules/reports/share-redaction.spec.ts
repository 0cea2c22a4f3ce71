import { fileNameOnly } from './share-redaction';

describe('fileNameOnly', () => {
  it('drops Windows and POSIX folders', () => {
    expect(fileNameOnly('C:\\Users\\ana\\Clients\\acme\\cut-3.mp4')).toBe('cut-3.mp4');
    expect(fileNameOnly('/home/ana/acme/cut-3.mp4')).toBe('cut-3.mp4');
    expect(fileNameOnly('acme/cut-3.mp4')).toBe('cut-3.mp4');
  });

  it('keeps a name with markup whole: "</" closes a tag, it is no folder', () => {
    expect(fileNameOnly('<script>alert(1)</script>.mp4')).toBe('<script>alert(1)</script>.mp4');
    expect(fileNameOnly('C:\\clients\\<b>cut</b>.mp4')).toBe('<b>cut</b>.mp4');
  });
});
