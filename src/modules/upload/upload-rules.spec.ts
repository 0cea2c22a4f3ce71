import { isAcceptedVideo } from '@preflight/shared';
import { boundFilename, cleanFilename, MAX_FILENAME_CHARS } from './upload-rules';

describe('upload file names', () => {
  it('keeps the name as sent, folders and markup included (escaped where it is printed, not here)', () => {
    expect(cleanFilename('<script>alert(1)</script>.mp4')).toBe('<script>alert(1)</script>.mp4');
    expect(cleanFilename('C:\\Users\\me\\clip.mp4')).toBe('C:\\Users\\me\\clip.mp4');
    expect(cleanFilename('Café & "quotes" 🎬.mov')).toBe('Café & "quotes" 🎬.mov');
    expect(cleanFilename('')).toBe('video.mp4');
    expect(cleanFilename(' \u202E ')).toBe('video.mp4');
  });

  it('drops control and bidirectional characters', () => {
    expect(cleanFilename('bad\u0000name\u0085.mp4')).toBe('badname.mp4');
    expect(cleanFilename('evil\u202Eexe.mp4')).toBe('evilexe.mp4');
    expect(cleanFilename('a\u2066b\u2069c\u200Fd\u061C.mp4')).toBe('abcd.mp4');
  });

  it(`bounds a long name to ${MAX_FILENAME_CHARS} characters and keeps its extension`, () => {
    const long = cleanFilename(`${'x'.repeat(296)}.mp4`);
    expect(Array.from(long)).toHaveLength(MAX_FILENAME_CHARS);
    expect(long.endsWith('….mp4')).toBe(true);
    expect(isAcceptedVideo(long, 'application/octet-stream')).toBe(true);
    const emoji = boundFilename(`${'🎬'.repeat(300)}.mov`);
    expect(Array.from(emoji)).toHaveLength(MAX_FILENAME_CHARS);
    expect(emoji.endsWith('….mov')).toBe(true);
    expect(() => encodeURIComponent(emoji)).not.toThrow(); // no lone half of a surrogate pair
  });
});
