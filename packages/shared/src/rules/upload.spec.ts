import { invalidTypeMessage, isAcceptedVideo, tooLargeMessage } from './upload';

describe('upload rules', () => {
  it.each([
    ['clip.mp4', 'video/mp4'],
    ['clip.bin', 'video/quicktime'],
    ['clip.bin', 'video/x-ms-asf'],
    ['phone.MOV', 'application/octet-stream'],
    ['screen.mkv', ''],
    ['old.mpg', undefined],
  ])('accepts %s (%s)', (name, mime) => expect(isAcceptedVideo(name, mime)).toBe(true));

  it.each([
    ['notes.txt', 'text/plain'],
    ['song.mp3', 'audio/mpeg'],
    ['clip', 'video/x-matroska-unknown'],
    ['mp4', ''],
    ['.mp4', ''],
    ['folder.mp4/clip', ''],
  ])('refuses %s (%s)', (name, mime) => expect(isAcceptedVideo(name, mime)).toBe(false));

  it('words errors as the product does', () => {
    expect(invalidTypeMessage('text/plain')).toBe(
      'Please upload a valid video file. Supported formats: MP4, AVI, MOV, WMV, FLV, WEBM, OGG, OGV, 3GP, MKV, M4V, TS, MPEG, MPG, ASF. Current file type: text/plain.',
    );
    expect(invalidTypeMessage('')).toMatch(/Current file type: unknown\.$/);
    expect(tooLargeMessage(2100 * 1024 * 1024)).toBe('File size (2100.0MB) must be less than 1995MB.');
  });
});
