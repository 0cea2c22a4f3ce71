import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EditPreview } from './EditPreview';

const analysed = { fileSizeBytes: 6, durationSeconds: 28.3 };
const cuts = [{ start_seconds: 9, end_seconds: 16, enabled: true }];
const pick = (bytes: number) => fireEvent.change(screen.getByTestId('edit-preview-file'), { target: { files: [new File([new Uint8Array(bytes)], 'talk.mp4', { type: 'video/mp4' })] } });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:talk');
  URL.revokeObjectURL = vi.fn();
});

describe('EditPreview', () => {
  it('refuses a file of another size, saying both sizes', () => {
    render(<EditPreview cuts={cuts} analysed={analysed} />);
    pick(5);
    expect(screen.getByText('This is not the analysed video: it is 0.0 MB (5 bytes), the analysed one was 0.0 MB (6 bytes).')).toBeInTheDocument();
    expect(screen.queryByTestId('edit-preview-video')).toBeNull();
  });

  it('plays the analysed file, and refuses it once its length turns out different', () => {
    render(<EditPreview cuts={cuts} analysed={analysed} />);
    pick(6);
    const video = screen.getByTestId('edit-preview-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('blob:talk');
    Object.defineProperty(video, 'duration', { value: 12 });
    fireEvent.loadedMetadata(video);
    expect(screen.getByText('This is not the analysed video: it lasts 12.00 s, the analysed one 28.30 s.')).toBeInTheDocument();
    expect(screen.queryByTestId('edit-preview-video')).toBeNull();
  });

  it('jumps a playing video over an enabled cut', () => {
    render(<EditPreview cuts={cuts} analysed={analysed} />);
    pick(6);
    const video = screen.getByTestId('edit-preview-video') as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { value: 28.3 });
    video.currentTime = 9.02;
    fireEvent.timeUpdate(video);
    expect(video.currentTime).toBe(16);
  });
});
