/** Measured retention from YouTube (docs/api.md, YouTube): the video a creator names, and their connection's state. */
import { z } from 'zod';

/** POST /api/reports/{id}/measured-retention/youtube: the posted video, as its link or its 11-character id. */
export const YoutubeImportBodySchema = z.object({ video: z.string().trim().min(1).max(300) }).strict();
export type YoutubeImportBody = z.infer<typeof YoutubeImportBodySchema>;

const VIDEO_ID = /^[\w-]{11}$/;

/**
 * The video id in what a creator pastes: the id itself, or a youtube.com/watch, /shorts/, /live/, /embed/ or youtu.be
 * link (with or without https://, www. or m.), or its page in YouTube Studio. null when it names no video.
 */
export function youtubeVideoId(input: string): string | null {
  const text = input.trim();
  if (VIDEO_ID.test(text)) return text;
  // scheme, host, path, query: by hand, since this package runs where no URL class is declared (the PDF template).
  const link = /^(?:https?:\/\/)?([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?/i.exec(text);
  if (!link) return null;
  const host = (link[1] ?? '').toLowerCase().replace(/^(www|m|music)\./, '');
  const path = (link[2] ?? '/').split('/').filter(Boolean);
  const v = /(?:^|&)v=([^&]*)/.exec(link[3] ?? '')?.[1];
  let id: string | undefined;
  if (host === 'youtu.be') id = path[0];
  else if (host === 'studio.youtube.com') id = path[0] === 'video' ? path[1] : undefined;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = path[0] === 'watch' ? v : path[0] && ['shorts', 'live', 'embed', 'v'].includes(path[0]) ? path[1] : undefined;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** GET /api/youtube/connection. */
export const YoutubeConnectionViewSchema = z.object({
  /** This server can connect YouTube at all (false: import from YouTube is not set up here). */
  available: z.boolean(),
  /** withdrawn: Google refused the stored access (consent revoked): connect again. */
  status: z.enum(['not_connected', 'connected', 'withdrawn']),
  connected_at: z.string().nullable(),
});
export type YoutubeConnectionView = z.infer<typeof YoutubeConnectionViewSchema>;
