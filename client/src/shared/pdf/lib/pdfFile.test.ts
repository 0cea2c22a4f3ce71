import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, pdfFilename } from './pdfFile';

describe('pdfFilename', () => {
  it('drops the extension only', () => {
    expect(pdfFilename('launch-teaser.v2.mp4')).toBe('optimization-report-launch-teaser.v2.pdf');
    expect(pdfFilename('clip')).toBe('optimization-report-clip.pdf');
  });
  it('drops folders and keeps a name for hidden or empty names', () => {
    expect(pdfFilename('C:\\videos\\my clip.mov')).toBe('optimization-report-my clip.pdf');
    expect(pdfFilename('.mp4')).toBe('optimization-report-.mp4.pdf');
    expect(pdfFilename('')).toBe('optimization-report-video.pdf');
  });
});

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 name, falls back to the quoted one', () => {
    expect(filenameFromDisposition(`attachment; filename="optimization-report-caf_.pdf"; filename*=UTF-8''optimization-report-caf%C3%A9.pdf`)).toBe(
      'optimization-report-café.pdf',
    );
    expect(filenameFromDisposition('attachment; filename="optimization-report-a.pdf"')).toBe('optimization-report-a.pdf');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
