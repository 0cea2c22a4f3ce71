import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import { useEffect, useRef, useState } from 'react';
import type { CutChoice } from '../lib/proposedEdit';
import { notTheSameVideo, skipTarget } from '../lib/tightenedPlayback';

export const PREVIEW_LABEL = 'Preview the tightened cut from your file';

type FrameCallbackVideo = HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number; cancelVideoFrameCallback?: (id: number) => void };

/**
 * The tightened cut played from the creator's own file (the server keeps no video): the file is checked against the
 * analysed one (size, then length), then plays with every enabled cut jumped over — on each painted frame where the
 * browser offers requestVideoFrameCallback (within a frame of the cut's start), else on timeupdate.
 */
export function EditPreview({ cuts, analysed }: { cuts: CutChoice[]; analysed: { fileSizeBytes: number; durationSeconds: number } }) {
  const [file, setFile] = useState<{ url: string; size: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<FrameCallbackVideo>(null);
  const input = useRef<HTMLInputElement>(null);
  const latestCuts = useRef(cuts);
  useEffect(() => {
    latestCuts.current = cuts;
  }, [cuts]);

  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);

  useEffect(() => {
    const el = video.current;
    if (!el || !file) return;
    const skip = () => {
      const target = skipTarget(el.currentTime, latestCuts.current);
      if (target !== null) el.currentTime = Math.min(target, el.duration || target);
    };
    let frame: number | undefined;
    const onFrame = () => {
      skip();
      frame = el.requestVideoFrameCallback?.(onFrame);
    };
    frame = el.requestVideoFrameCallback?.(onFrame);
    el.addEventListener('timeupdate', skip);
    el.addEventListener('seeked', skip);
    el.addEventListener('play', skip);
    return () => {
      if (frame !== undefined) el.cancelVideoFrameCallback?.(frame);
      el.removeEventListener('timeupdate', skip);
      el.removeEventListener('seeked', skip);
      el.removeEventListener('play', skip);
    };
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const wrong = notTheSameVideo({ size: chosen.size }, analysed);
    setProblem(wrong);
    setFile(wrong ? null : { url: URL.createObjectURL(chosen), size: chosen.size });
  };

  return (
    <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="edit-preview">
      <Typography variant="subtitle2" component="h3">
        Preview
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Your video is not kept on our server: choose the same file to play it with the cuts skipped.
      </Typography>
      <Button variant="outlined" size="small" startIcon={<PlayCircleOutlineRounded />} onClick={() => input.current?.click()}>
        {PREVIEW_LABEL}
      </Button>
      <input ref={input} type="file" accept="video/*" hidden aria-label={PREVIEW_LABEL} onChange={(e) => choose(e.target.files?.[0])} data-testid="edit-preview-file" />
      {problem && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      )}
      {file && (
        <Box
          component="video"
          ref={video}
          src={file.url}
          controls
          playsInline
          data-testid="edit-preview-video"
          aria-label="The tightened cut, played from your file"
          onLoadedMetadata={(e) => {
            const wrong = notTheSameVideo({ size: file.size, durationSeconds: e.currentTarget.duration }, analysed);
            if (wrong) {
              setProblem(wrong);
              setFile(null);
            }
          }}
          sx={{ display: 'block', mt: 1.5, width: '100%', maxHeight: 420, bgcolor: 'black', borderRadius: 1 }}
        />
      )}
    </Box>
  );
}
