/**
 * What a creator reads when YouTube import cannot go on, in one place (docs/product.md: no setting or variable name
 * ever reaches a creator; the reason and what to do, in their words).
 */
export const YOUTUBE_MESSAGES = {
  notSetUp: 'Importing from YouTube is not set up on this server. You can still add the measured retention as a CSV file exported from YouTube Studio.',
  unreachable: 'YouTube could not be reached just now. Try again in a few minutes.',
  withdrawn: 'YouTube access was withdrawn; connect again.',
  notConnected: 'Connect YouTube first, then pick the posted video.',
  stateRefused: 'This YouTube sign-in was not started from your account here, or it took too long. Connect again.',
  codeRefused: 'Google did not accept this sign-in (it may have expired). Connect again.',
  scopeMissing: 'Preflight needs permission to see your YouTube Analytics. Connect again and leave that permission ticked.',
  noRefreshToken: 'Google did not give lasting access. Connect again (and remove Preflight from your Google account’s third-party access first if it is listed there).',
  notAVideo: 'That is not a YouTube video link or id. Paste the link of the posted video, for example https://youtu.be/… or https://www.youtube.com/shorts/….',
  notOnChannel: 'YouTube did not give the retention of this video. Is it on the channel you connected, and is it public or unlisted?',
  noDataYet: 'YouTube has no audience retention for this video yet. It appears once enough people have watched, usually a day or two after posting.',
} as const;
