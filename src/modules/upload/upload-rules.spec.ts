import { cleanFilename } from './upload-rules';

describe('upload file names', () => {
  it('cleans file names', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\me\\clip.mp4')).toBe('clip.mp4');
    expect(cleanFilename('bad\u0000name.mp4')).toBe('badname.mp4');
    expect(cleanFilename('')).toBe('video.mp4');
  });
});
