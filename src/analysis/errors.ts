/**
 * Errors thrown by the analysis engine.
 *
 * `AnalysisInputError` means the file itself cannot be analysed (empty, not a video, no video stream, too long...).
 * Its `message` is written for the creator and may be shown as-is (docs/product.md, Rules › Processing stages: "On status error it shows the
 * server's error text"). Anything else thrown by the engine is an internal failure.
 */
export type AnalysisInputErrorCode =
  | 'empty_file'
  | 'not_found'
  | 'unreadable'
  | 'truncated'
  | 'no_video_stream'
  | 'too_long'
  | 'too_short';

export class AnalysisInputError extends Error {
  override readonly name = 'AnalysisInputError';
  constructor(
    readonly code: AnalysisInputErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** ffmpeg/ffprobe/VAD failed for a reason that is not the input's fault, or the analysis timed out. */
export class AnalysisFailedError extends Error {
  override readonly name: string = 'AnalysisFailedError';
  constructor(message: string, readonly detail?: string) {
    super(message);
  }
}

/**
 * ffmpeg was stopped by a signal we did not send (the worker or the whole stack is shutting down). Not a verdict on
 * the file: the job is retried and never ends in a partial report.
 */
export class AnalysisInterruptedError extends AnalysisFailedError {
  override readonly name = 'AnalysisInterruptedError';
}

export const INPUT_MESSAGES = {
  empty_file: 'The file is empty (0 bytes).',
  not_found: 'The file could not be found.',
  unreadable: 'The file is unreadable: it is not a video format we recognise, or it is corrupted.',
  truncated: 'The file is unreadable or truncated.',
  no_video_stream: 'This file has no video stream.',
  too_long: 'Video is longer than 1 hour.',
  too_short: 'Video is too short to analyse (under 0.5 seconds).',
} as const satisfies Record<AnalysisInputErrorCode, string>;

export function inputError(code: AnalysisInputErrorCode, detail?: string): AnalysisInputError {
  return new AnalysisInputError(code, INPUT_MESSAGES[code], detail);
}
