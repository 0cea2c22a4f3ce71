import * as clientStatus from '../../../client/src/features/upload/lib/processingStatus';
import * as clientValidation from '../../../client/src/features/upload/lib/validation';
import { STEP_MESSAGES } from '../reports/processing-steps';
import {
  cleanFilename,
  invalidTypeMessage,
  isAcceptedVideo,
  MAX_UPLOAD_MB,
  SUPPORTED_FORMATS_TEXT,
  tooLargeMessage,
  VIDEO_EXTENSIONS,
  VIDEO_MIME_SUBTYPES,
} from './upload-rules';

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
  ])('refuses %s (%s)', (name, mime) => expect(isAcceptedVideo(name, mime)).toBe(false));

  it('words errors as the spec does', () => {
    expect(invalidTypeMessage('text/plain')).toBe(
      'Please upload a valid video file. Supported formats: MP4, AVI, MOV, WMV, FLV, WEBM, OGG, OGV, 3GP, MKV, M4V, TS, MPEG, MPG, ASF. Current file type: text/plain.',
    );
    expect(invalidTypeMessage('')).toMatch(/Current file type: unknown\.$/);
    expect(tooLargeMessage(2100 * 1024 * 1024)).toBe('File size (2100.0MB) must be less than 1995MB.');
  });

  it('cleans file names', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\me\\clip.mp4')).toBe('clip.mp4');
    expect(cleanFilename('bad\u0000name.mp4')).toBe('badname.mp4');
    expect(cleanFilename('')).toBe('video.mp4');
  });
});

describe('the web app applies the same rules before sending', () => {
  it('has the same types, extensions, limit and wording', () => {
    const client = clientValidation;
    const server = { VIDEO_MIME_SUBTYPES, VIDEO_EXTENSIONS, MAX_UPLOAD_MB, SUPPORTED_FORMATS_TEXT };
    expect(client.VIDEO_MIME_SUBTYPES).toEqual(server.VIDEO_MIME_SUBTYPES);
    expect(client.VIDEO_EXTENSIONS).toEqual(server.VIDEO_EXTENSIONS);
    expect(client.MAX_UPLOAD_MB).toBe(server.MAX_UPLOAD_MB);
    expect(client.SUPPORTED_FORMATS_TEXT).toBe(server.SUPPORTED_FORMATS_TEXT);
  });

  it('shows the same stage texts as the status endpoint sends', () => {
    expect(clientStatus.STAGE_TEXT).toEqual(STEP_MESSAGES);
  });
});
