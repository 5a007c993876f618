// saving.md §3 Pin "embed (src, type)": a pin whose link is a video page of a known player gets
// that player's embed address (docs/decisions/132). Read from the link alone: nothing is fetched.
import type { PinEmbed } from '@corkboard/shared/api-types';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_PATH = /^\/(?:shorts|embed|live)\/([A-Za-z0-9_-]{11})\/?$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const VIMEO_PATH = /^\/(\d{1,12})\/?$/;

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') {
    const id = url.pathname.slice(1).replace(/\/$/, '');
    return YOUTUBE_ID.test(id) ? id : null;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === '/watch') {
    const id = url.searchParams.get('v') ?? '';
    return YOUTUBE_ID.test(id) ? id : null;
  }
  return YOUTUBE_PATH.exec(url.pathname)?.[1] ?? null;
}

/** The player for a pin's link, or null when the link is not a video page we know. */
export function pinEmbedFor(link: string | null): PinEmbed | null {
  if (link === null) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const youtube = youtubeId(url);
  if (youtube !== null) {
    return { type: 'youtube', src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  }
  if (VIMEO_HOSTS.has(url.hostname)) {
    const id = VIMEO_PATH.exec(url.pathname)?.[1];
    if (id !== undefined) return { type: 'vimeo', src: `https://player.vimeo.com/video/${id}` };
  }
  return null;
}
