/** What an edit export is built from: the kept pieces of one source file, on its frame grid, and the findings to mark. */
export type EditExportFormat = 'mlt' | 'fcpxml' | 'xmeml' | 'edl' | 'ffmpeg' | 'ffmpeg-bat';

export interface EditTimeline {
  /** The upload's original file name; every format references the file by this name, to be relinked in the editor. */
  sourceFileName: string;
  sourceDurationSeconds: number;
  /** The nominal rate, e.g. 30000/1001. */
  frameRate: { num: number; den: number };
  /** A variable-frame-rate source: the timeline is at the nominal rate and each file says so in a comment. */
  variableFrameRate: boolean;
  width: number;
  height: number;
  audio: { channels: number; sampleRate: number } | null;
  /** Source times on the frame grid, ascending, non-overlapping, non-empty. */
  kept: Array<{ startSeconds: number; endSeconds: number }>;
  /** Source times; the exports move them to the edited timeline (dropped inside removed ranges, clipped across them). */
  markers: Array<{ startSeconds: number; endSeconds: number; name: string; note: string }>;
}

export interface EditExportOptions {
  /**
   * Drop-frame timecode at 29.97 and 59.94 (ignored at other rates). By default each format follows its editor:
   * FCPXML and xmeml display drop-frame (Final Cut Pro's and Premiere's default), the EDL is non-drop (Resolve's).
   * Positions are frame counts either way; only the labels differ.
   */
  dropFrame?: boolean;
}

export interface EditExportFile {
  body: string;
  contentType: string;
  fileName: string;
}
