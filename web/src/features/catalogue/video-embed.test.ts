import { describe, expect, it } from 'vitest';
import { videoEmbedUrl } from './video-embed';

describe('videoEmbedUrl', () => {
  it('embeds YouTube watch, short, shorts and embed links without cookies', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/l3XzepN03KQ';
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=l3XzepN03KQ&t=30')).toBe(embed);
    expect(videoEmbedUrl('https://youtu.be/l3XzepN03KQ')).toBe(embed);
    expect(videoEmbedUrl('youtube.com/shorts/l3XzepN03KQ')).toBe(embed);
    expect(videoEmbedUrl('https://m.youtube.com/embed/l3XzepN03KQ')).toBe(embed);
  });
  it('embeds Vimeo with do-not-track', () => {
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
  });
  it('leaves other links (and malformed ids) as links', () => {
    expect(videoEmbedUrl('https://video.example.org/m1')).toBeUndefined();
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=<script>')).toBeUndefined();
    expect(videoEmbedUrl('not a url at all')).toBeUndefined();
  });
});
