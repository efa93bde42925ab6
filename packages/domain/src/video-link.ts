import { jobMessages } from './job-messages.ts';

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);

export const VIDEO_LINK_INVALID = jobMessages.videoLinkInvalid;

// Issue 3: a pasted YouTube or Vimeo link becomes the embed URL stored in the job's `_video`. Answers null
// for anything else ('This link seems to be invalid').
export function toEmbedUrl(link: string | null | undefined): string | null {
  const raw = link?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);

  if (YOUTUBE_HOSTS.has(host)) {
    let id: string | null | undefined = null;
    if (parts[0] === 'watch' && parts.length === 1) id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '') && parts.length === 2) id = parts[1];
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'youtu.be') {
    const id = parts.length === 1 ? parts[0] : null;
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com') {
    // vimeo.com/{id}, vimeo.com/{id}/{hash} (unlisted), vimeo.com/channels/{name}/{id}, vimeo.com/groups/{name}/videos/{id}
    const index = parts.findIndex((p) => VIMEO_ID.test(p));
    if (index < 0) return null;
    const id = parts[index]!;
    const hash = parts[index + 1];
    const h = hash && /^[\da-f]{6,20}$/i.test(hash) ? hash : url.searchParams.get('h');
    return vimeoEmbed(id, h);
  }
  if (host === 'player.vimeo.com') {
    const id = parts[0] === 'video' && parts.length === 2 ? parts[1] : null;
    return id && VIMEO_ID.test(id) ? vimeoEmbed(id, url.searchParams.get('h')) : null;
  }
  return null;
}

function vimeoEmbed(id: string, hash: string | null | undefined) {
  const h = hash && /^[\da-f]{6,20}$/i.test(hash) ? `?h=${hash}` : '';
  return `https://player.vimeo.com/video/${id}${h}`;
}
