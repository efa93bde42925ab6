import { describe, expect, it } from 'vitest';
import { toEmbedUrl, VIDEO_LINK_INVALID } from '../src/video-link.ts';

const yt = 'https://www.youtube.com/embed/dQw4w9WgXcQ';

describe('toEmbedUrl', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    '  http://youtu.be/dQw4w9WgXcQ  ',
  ])('turns the YouTube link %s into the embed URL', (link) => {
    expect(toEmbedUrl(link)).toBe(yt);
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871?share=copy', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/abc123def0', 'https://player.vimeo.com/video/76979871?h=abc123def0'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    [
      'https://player.vimeo.com/video/76979871?h=abc123def0',
      'https://player.vimeo.com/video/76979871?h=abc123def0',
    ],
  ])('turns the Vimeo link %s into %s', (link, embed) => {
    expect(toEmbedUrl(link)).toBe(embed);
  });

  it.each([
    '',
    null,
    undefined,
    'not a link',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/channel/UC123',
    'https://youtu.be/',
    'https://vimeo.com/about',
    'https://player.vimeo.com/video/abc',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
  ])('answers null for %s', (link) => {
    expect(toEmbedUrl(link)).toBeNull();
  });

  it("uses the spec's message for an invalid link", () => {
    expect(VIDEO_LINK_INVALID).toBe('This link seems to be invalid');
  });
});
