// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addFiles, canRemove, percent, pendingItems, removeItem, updateItem, type QueueItem } from './queue';
import { invalidTypeMessage, isAcceptedVideo, MAX_UPLOAD_BYTES, SUPPORTED_FORMATS_TEXT, tooLargeMessage } from '@preflight/shared';
import { validateFile } from './validation';

const file = (name: string, type = 'video/mp4', size = 1024) => ({ name, type, size });

describe('validateFile (docs/product.md, Rules › Upload rules)', () => {
  it('lists the formats exactly as the server does', () => {
    expect(SUPPORTED_FORMATS_TEXT).toBe('MP4, AVI, MOV, WMV, FLV, WEBM, OGG, OGV, 3GP, MKV, M4V, TS, MPEG, MPG, ASF');
  });

  it.each([
    ['clip.mp4', 'video/mp4'],
    ['clip', 'video/quicktime'],
    ['clip', 'video/x-msvideo'],
    ['clip', 'video/x-ms-asf'],
    ['clip', 'video/3gpp'],
    ['clip.MKV', ''],
    ['clip.ts', 'application/octet-stream'],
    ['clip.mpg', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(isAcceptedVideo(name, type)).toBe(true);
    expect(validateFile(file(name, type))).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['clip', 'video/x-matroska'],
    ['mp4', ''],
    ['audio.mp3', 'audio/mpeg'],
  ])('refuses %s (%s) with the type message', (name, type) => {
    expect(validateFile(file(name, type))).toBe(invalidTypeMessage(type));
  });

  it('type message names the current type, or unknown', () => {
    expect(invalidTypeMessage('text/plain')).toBe(
      `Please upload a valid video file. Supported formats: ${SUPPORTED_FORMATS_TEXT}. Current file type: text/plain.`,
    );
    expect(invalidTypeMessage('')).toMatch(/Current file type: unknown\.$/);
  });

  it('size limit is 1995 MB; the message has one decimal', () => {
    expect(validateFile(file('a.mp4', 'video/mp4', MAX_UPLOAD_BYTES))).toBeNull();
    expect(validateFile(file('a.mp4', 'video/mp4', MAX_UPLOAD_BYTES + 1))).toBe('File size (1995.0MB) must be less than 1995MB.');
    expect(tooLargeMessage(2100.26 * 1024 * 1024)).toBe('File size (2100.3MB) must be less than 1995MB.');
  });
});

describe('queue rules', () => {
  let n = 0;
  const id = () => `id${n++}`;

  it('adds valid files as pending, refuses invalid ones as "filename: reason"', () => {
    const { queue, rejected, limitMessage } = addFiles([], [file('a.mp4'), file('b.txt', 'text/plain')], id);
    expect(queue).toEqual([expect.objectContaining({ file: file('a.mp4'), status: 'pending', progress: 0 })]);
    expect(rejected).toEqual([`b.txt: ${invalidTypeMessage('text/plain')}`]);
    expect(limitMessage).toBeNull();
  });

  it('at most 5 files: the rest is refused with "Maximum 5 files allowed"', () => {
    const first = addFiles([], [1, 2, 3, 4].map((i) => file(`${i}.mp4`)), id).queue;
    const { queue, limitMessage } = addFiles(first, [file('5.mp4'), file('6.mp4'), file('7.mp4')], id);
    expect(queue.map((q) => q.file.name)).toEqual(['1.mp4', '2.mp4', '3.mp4', '4.mp4', '5.mp4']);
    expect(limitMessage).toBe('Maximum 5 files allowed: 6.mp4 and 7.mp4 were not added.');
    expect(addFiles(queue.slice(0, 4), [file('5.mp4'), file('a very long name.mov')], id).limitMessage).toBe(
      'Maximum 5 files allowed: a very long name.mov was not added.',
    );
  });

  it('an uploading item cannot be removed; others can', () => {
    const queue: QueueItem<ReturnType<typeof file>>[] = [
      { id: 'p', file: file('p.mp4'), progress: 0, status: 'pending' },
      { id: 'u', file: file('u.mp4'), progress: 40, status: 'uploading' },
      { id: 'c', file: file('c.mp4'), progress: 100, status: 'completed' },
      { id: 'e', file: file('e.mp4'), progress: 10, status: 'error', error: 'x' },
    ];
    expect(queue.map(canRemove)).toEqual([true, false, true, true]);
    expect(removeItem(queue, 'u')).toHaveLength(4);
    expect(removeItem(removeItem(queue, 'p'), 'e').map((q) => q.id)).toEqual(['u', 'c']);
    expect(pendingItems(queue).map((q) => q.id)).toEqual(['p']);
    expect(updateItem(queue, 'p', { status: 'uploading' })[0]!.status).toBe('uploading');
  });

  it('progress is bytes sent over total, floored, 0–100', () => {
    expect(percent(0, 100)).toBe(0);
    expect(percent(999, 1000)).toBe(99);
    expect(percent(1000, 1000)).toBe(100);
    expect(percent(5, 0)).toBe(0);
  });
});
