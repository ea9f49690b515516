// Videos in articles: YouTube (through its no-cookie host) and Vimeo, nothing else. The editor turns a
// video's link into one of these players, the server keeps only iframes whose address is exactly one of
// them (api/article-html.ts), and the pages' Content-Security-Policy lets frames come from these hosts
// only (api/middleware/security.ts).
export const videoEmbedOrigins = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const vimeoId = /^\d{1,12}$/;

const youtubePlayer = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;
const vimeoPlayer = (id: string) => `https://player.vimeo.com/video/${id}`;

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
 * embed/, vimeo.com/123, player.vimeo.com/video/123), or null for anything else.
 */
export function videoEmbedUrl(link: string): string | null {
  const url = parse(link);
  if (!url) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = parts[0] === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live'].includes(parts[0]) ? parts[1] : null;
    return id && youtubeId.test(id) ? youtubePlayer(id) : null;
  }
  if (host === 'youtu.be') return parts[0] && youtubeId.test(parts[0]) ? youtubePlayer(parts[0]) : null;
  if (host === 'vimeo.com') id = parts.find((part) => vimeoId.test(part));
  if (host === 'player.vimeo.com' && parts[0] === 'video') id = parts[1];
  return id && vimeoId.test(id) ? vimeoPlayer(id) : null;
}

/** The player address an iframe may keep: exactly a YouTube no-cookie or a Vimeo player of one video; null otherwise. */
export function allowedEmbedSrc(src: string): string | null {
  const url = parse(src);
  if (!url || url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (url.hostname === 'www.youtube-nocookie.com' && parts.length === 2 && parts[0] === 'embed' && youtubeId.test(parts[1])) return youtubePlayer(parts[1]);
  if (url.hostname === 'player.vimeo.com' && parts.length === 2 && parts[0] === 'video' && vimeoId.test(parts[1])) return vimeoPlayer(parts[1]);
  return null;
}
