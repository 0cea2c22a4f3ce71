import type { Report as AnalysisReport } from '@preflight/shared';

/**
 * The file's own name without the folders it came from ("C:\Users\ana\Clients\acme\cut-3.mp4" → "cut-3.mp4"): a
 * browser or an API client may send a full path, which says who made the video and for whom. A "/" right after "<"
 * closes a tag in a name ("<b>cut</b>.mp4"), not a folder: no folder name ends in "<" (Windows forbids it).
 */
export function fileNameOnly(filename: string): string {
  const parts = filename.split(/\\|(?<!<)\//).filter(Boolean);
  return parts.at(-1) ?? filename;
}

/** report.json as a share without `show_sensitive_data` may see it: no folder names in the filename. */
export function redactReportData<T extends Pick<AnalysisReport, 'video_info'>>(data: T): T {
  return { ...data, video_info: { ...data.video_info, original_filename: fileNameOnly(data.video_info.original_filename) } };
}
