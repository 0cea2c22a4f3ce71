import { AnalysisInputError } from '../errors';
import { interpretProbe, parseRate, rotationOf } from './probe';

const video = (extra: Record<string, unknown> = {}) => ({
  index: 0, codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30/1', r_frame_rate: '30/1', ...extra,
});
const audio = { index: 1, codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2 };

describe('interpretProbe', () => {
  it('reads a normal file', () => {
    const p = interpretProbe({ streams: [video(), audio], format: { format_name: 'mov,mp4', duration: '12.5' } }, 1000);
    expect(p.durationS).toBe(12.5);
    expect(p.video).toMatchObject({ width: 1920, height: 1080, rotation: 0, fps: 30, variableFrameRate: false });
    expect(p.audio?.codec).toBe('aac');
  });
  it('applies display-matrix rotation (phone video) and swaps the displayed size', () => {
    const v = video({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] });
    const p = interpretProbe({ streams: [v], format: { format_name: 'mov', duration: '3' } }, 10);
    expect(p.video.rotation).toBe(90);
    expect([p.video.width, p.video.height]).toEqual([1080, 1920]);
    expect(p.audio).toBeNull();
  });
  it('stretches the displayed width by non-square pixels (704x576 broadcast at 16:11 displays 16:9), then rotates', () => {
    const pal = interpretProbe({ streams: [video({ width: 704, height: 576, sample_aspect_ratio: '16:11' })], format: { duration: '3' } }, 10);
    expect(pal.video).toMatchObject({ codedWidth: 704, codedHeight: 576, width: 1024, height: 576, sampleAspect: [16, 11] });
    const turned = video({ width: 720, height: 480, sample_aspect_ratio: '8:9', side_data_list: [{ rotation: -90 }] });
    expect(interpretProbe({ streams: [turned], format: { duration: '3' } }, 10).video).toMatchObject({ width: 480, height: 640, rotation: 90 });
  });
  it('takes unknown or implausible sample aspect ratios as square pixels', () => {
    for (const sar of ['0:1', 'N/A', undefined, '100:1', 'junk']) {
      expect(interpretProbe({ streams: [video({ sample_aspect_ratio: sar })], format: { duration: '3' } }, 10).video).toMatchObject({ width: 1920, sampleAspect: [1, 1] });
    }
  });
  it('falls back to the legacy rotate tag', () => {
    expect(rotationOf(video({ tags: { rotate: '270' } }) as never)).toBe(270);
  });
  it('flags variable frame rate', () => {
    const p = interpretProbe({ streams: [video({ avg_frame_rate: '2250/101', r_frame_rate: '30/1' })], format: { duration: '3' } }, 10);
    expect(p.video.variableFrameRate).toBe(true);
  });
  it('rejects audio-only and image files with clear messages', () => {
    expect(() => interpretProbe({ streams: [audio], format: { duration: '3' } }, 10)).toThrow('This file has no video stream.');
    try {
      interpretProbe({ streams: [video({ width: 640, height: 480 })], format: { format_name: 'png_pipe' } }, 10);
      throw new Error('no throw');
    } catch (e) {
      expect(e).toBeInstanceOf(AnalysisInputError);
      expect((e as AnalysisInputError).code).toBe('unreadable');
    }
  });
  it('ignores cover art as a video stream', () => {
    expect(() =>
      interpretProbe({ streams: [audio, video({ index: 2, disposition: { attached_pic: 1 } })], format: { duration: '3' } }, 10),
    ).toThrow('no video stream');
  });
  it('parses rates', () => {
    expect(parseRate('30000/1001')).toBeCloseTo(29.97, 2);
    expect(parseRate('0/0')).toBe(0);
    expect(parseRate(undefined)).toBe(0);
  });
});
