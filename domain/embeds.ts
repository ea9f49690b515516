// Videos in articles: YouTube (through its no-cookie host) and Vimeo, nothing else. The editor turns a
// video's link into one of these players, the server keeps only iframes whose address is one of them
// (api/article-html.ts), and the pages' Content-Security-Policy lets frames come from these hosts
// only (api/middleware/security.ts).
export const videoEmbedOrigins = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

// 'videoseries' (a playlist's player) has the length of a video's id, but is none.
const youtubeId = /^(?!videoseries$)[A-Za-z0-9_-]{11}$/;
const vimeoId = /^\d{1,12}$/;
/** The key of an unlisted Vimeo video ('vimeo.com/123/abcdef1234'): without it the player refuses to play it. */
const vimeoHash = /^[0-9a-f]{6,40}$/i;

const youtubePlayer = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;
const vimeoPlayer = (id: string, hash: string | null | undefined) => `https://player.vimeo.com/video/${id}${hash && vimeoHash.test(hash) ? `?h=${hash}` : ''}`;

function parse(link: string): URL | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The player address of a YouTube or Vimeo video link, as people copy it (watch?v=, youtu.be/, shorts/,
 * embed/, vimeo.com/123, an unlisted vimeo.com/123/abcdef1234, player.vimeo.com/video/123), or null for
 * anything else.
 */
export function videoEmbedUrl(link: string): string | null {
  const url = parse(link);
  if (!url) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = parts[0] === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live'].includes(parts[0]) ? parts[1] : null;
    return id && youtubeId.test(id) ? youtubePlayer(id) : null;
  }
  if (host === 'youtu.be') return parts[0] && youtubeId.test(parts[0]) ? youtubePlayer(parts[0]) : null;
  if (host === 'vimeo.com') {
    // The video's number (after 'video/' in a showcase's address), and an unlisted video's key right after it.
    const at = parts.includes('video') ? parts.indexOf('video') + 1 : parts.findIndex((part) => vimeoId.test(part));
    const id = parts[at];
    return id && vimeoId.test(id) ? vimeoPlayer(id, parts[at + 1] ?? url.searchParams.get('h')) : null;
  }
  if (url.hostname === 'player.vimeo.com' && parts[0] === 'video' && vimeoId.test(parts[1] ?? '')) return vimeoPlayer(parts[1], url.searchParams.get('h'));
  return null;
}

/**
 * The player an iframe may keep, from the address of a video's player as the sites' own embed code writes
 * it (https only): YouTube's embed/ (on youtube.com or its no-cookie host, always made the no-cookie one),
 * Vimeo's player of one video (with an unlisted video's key). Null for any other frame.
 */
export function allowedEmbedSrc(src: string): string | null {
  const url = parse(src);
  if (!url || url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length !== 2) return null;
  const [kind, id] = parts;
  if (['www.youtube-nocookie.com', 'youtube-nocookie.com', 'www.youtube.com', 'youtube.com'].includes(url.hostname))
    return kind === 'embed' && youtubeId.test(id) ? youtubePlayer(id) : null;
  if (url.hostname === 'player.vimeo.com') return kind === 'video' && vimeoId.test(id) ? vimeoPlayer(id, url.searchParams.get('h')) : null;
  return null;
}
