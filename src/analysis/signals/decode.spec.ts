import { buildDecodeArgs, displayScale } from './decode';
import { interpretProbe } from './probe';

const probe = (extra: Record<string, unknown> = {}) =>
  interpretProbe(
    {
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264', width: 704, height: 576, avg_frame_rate: '25/1', r_frame_rate: '25/1', ...extra },
        { index: 1, codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2 },
      ],
      format: { format_name: 'mov,mp4', duration: '10' },
    },
    1000,
  );

describe('buildDecodeArgs', () => {
  it('sends every frame (no duplicates, no drops) as a 64×64 picture to pipe 3 for the colour histograms', () => {
    const args = buildDecodeArgs('in.mp4', probe());
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toContain('split=3[sv][mv][hv]');
    expect(graph).toContain('[hv]scale=w=64:h=64:flags=area,format=yuv420p[hist]');
    const i = args.indexOf('[hist]');
    expect(args.slice(i - 1, i + 6)).toEqual(['-map', '[hist]', '-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:3']);
  });
  it('scales thumbnails by the display aspect, before the transpose of a rotated video', () => {
    const flat = buildDecodeArgs('in.mp4', probe({ sample_aspect_ratio: '16:11' }), { dir: '/tmp/t', rate: 1 });
    expect(flat[flat.indexOf('-filter_complex') + 1]).toContain(`${displayScale(480, false)},format=yuvj420p[thumb]`);
    const turned = buildDecodeArgs('in.mp4', probe({ side_data_list: [{ rotation: -90 }] }), { dir: '/tmp/t', rate: 1 });
    expect(turned[turned.indexOf('-filter_complex') + 1]).toContain(`${displayScale(480, true)},transpose=clock`);
  });
});

describe('displayScale', () => {
  it('sets the height from the display aspect (dar = iw/ih × sar) and makes pixels square', () => {
    expect(displayScale(480, false)).toBe("scale=w=480:h='max(2,trunc(480/dar/2)*2)':flags=bicubic,setsar=1");
    expect(displayScale(480, true)).toBe("scale=w='max(2,trunc(480*dar/2)*2)':h=480:flags=bicubic,setsar=1");
  });
});
