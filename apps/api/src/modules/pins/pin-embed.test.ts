import { describe, expect, it } from 'vitest';
import { pinEmbedFor } from './pin-embed.ts';

describe('pinEmbedFor (saving.md §3 Pin embed)', () => {
  it('gives the YouTube player for watch, short and youtu.be links', () => {
    const player = { type: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    expect(pinEmbedFor('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toEqual(player);
    expect(pinEmbedFor('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(player);
    expect(pinEmbedFor('https://youtu.be/dQw4w9WgXcQ')).toEqual(player);
  });

  it('gives the Vimeo player for a video page', () => {
    expect(pinEmbedFor('https://vimeo.com/76979871')).toEqual({
      type: 'vimeo',
      src: 'https://player.vimeo.com/video/76979871',
    });
  });

  it('gives nothing for other pages, bad ids, look-alike hosts and no link', () => {
    for (const link of [
      null,
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC123',
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(pinEmbedFor(link)).toBeNull();
    }
  });
});
