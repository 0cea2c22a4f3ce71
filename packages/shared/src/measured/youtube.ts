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
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'studio.youtube.com') id = /^\/video\/([^/]+)/.exec(url.pathname)?.[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = url.pathname.split('/').filter(Boolean);
    id = first === 'watch' ? url.searchParams.get('v') : first && ['shorts', 'live', 'embed', 'v'].includes(first) ? second : null;
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
