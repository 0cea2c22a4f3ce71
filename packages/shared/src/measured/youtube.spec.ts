import { youtubeVideoId } from './youtube';

describe('youtubeVideoId: what a creator pastes', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [' https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s ', 'dQw4w9WgXcQ'],
    ['youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://studio.youtube.com/video/dQw4w9WgXcQ/analytics/tab-overview/period-default', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/dQw4w9WgXcQ', null],
    ['https://www.youtube.com/watch?v=short', null],
    ['not a link', null],
  ])('%s → %s', (input, id) => {
    expect(youtubeVideoId(input)).toBe(id);
  });
});
