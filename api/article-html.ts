// The one policy for an article's HTML (news_articles.content), whoever wrote it: staff in the editor or
// a feed on import. Allowed to format, never to run code, style the page or submit anything. The one
// frame allowed is a YouTube (no-cookie) or Vimeo player of one video (domain/embeds.ts).
import sanitizeHtml from 'sanitize-html';
import { allowedEmbedSrc, articleImageSizes, imageUrlSchemes, pictureOf } from '../domain';

const linkSchemes = ['http', 'https', 'mailto', 'tel'];
const webSchemes = ['http', 'https'];
/** Images over https only (domain/images.ts): an http image would be blocked by the pages' Content-Security-Policy. */
const imageSchemes: string[] = [...imageUrlSchemes];
/** Elements dropped together with their content (the rest keep their text when their tag goes). */
export const droppedWithContent = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math'];

/**
 * Sanitized article HTML. Links get rel="noopener nofollow" (and open apart when they leave the site),
 * images load lazily, and an image of the media library offers its copies (srcset). With `baseUrl` (a feed's), relative links and images are made absolute against it
 * first, which also normalises tricks such as "java\tscript:" before the scheme check refuses them.
 */
export function sanitizeArticleHtml(html: string, options: { baseUrl?: string } = {}): string {
  const { baseUrl } = options;
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'iframe'],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'srcset', 'sizes'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      ol: ['start'],
      abbr: ['title'],
      iframe: ['src', 'title', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy', 'sandbox'],
    },
    allowedSchemes: linkSchemes,
    allowedSchemesByTag: { img: imageSchemes, iframe: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    nonTextTags: droppedWithContent,
    transformTags: {
      a: (tagName, attribs) => {
        const resolved = baseUrl ? withResolved(attribs, 'href', baseUrl, linkSchemes) : attribs;
        return { tagName, attribs: { ...resolved, rel: 'noopener nofollow', ...(resolved.href?.startsWith('http') ? { target: '_blank' } : {}) } };
      },
      img: (tagName, attribs) => {
        // A srcset is only ever ours: the copies of an image of the media library, in the article's width.
        const { srcset: _srcset, sizes: _sizes, ...rest } = baseUrl ? withResolved(attribs, 'src', baseUrl, imageSchemes) : attribs;
        return { tagName, attribs: { ...rest, ...libraryImage(rest.src), loading: 'lazy' } };
      },
      // Rebuilt whole: only the player's address and a title are taken from what was written.
      iframe: (tagName, attribs): sanitizeHtml.Tag => {
        const src = allowedEmbedSrc(attribs.src ?? '');
        if (!src) return { tagName, attribs: {} };
        return {
          tagName,
          attribs: {
            src,
            title: attribs.title?.trim() || 'Video',
            allow: 'fullscreen; picture-in-picture; encrypted-media',
            allowfullscreen: '',
            loading: 'lazy',
            referrerpolicy: 'strict-origin-when-cross-origin',
            sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
          },
        };
      },
    },
    // An image without a source, and any frame that is not an allowed player (with whatever it holds), go.
    exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  }).trim();
}

/** An image of the media library in an article's text: its size (no layout shift) and its WebP copies to pick from. */
function libraryImage(src: string | undefined): sanitizeHtml.Attributes {
  const picture = pictureOf(src);
  const webp = picture?.sources.find((source) => source.type === 'image/webp');
  if (!picture || !webp) return {};
  return { width: String(picture.width), height: String(picture.height), srcset: webp.srcSet, sizes: articleImageSizes };
}

/** An absolute URL with one of the given schemes (http or https unless told), or null. */
export function absoluteUrl(href: string | null | undefined, baseUrl: string | null, schemes = webSchemes): string | null {
  if (!href?.trim()) return null;
  try {
    const url = baseUrl ? new URL(href.trim(), baseUrl) : new URL(href.trim());
    return schemes.includes(url.protocol.slice(0, -1)) ? url.href : null;
  } catch {
    return null;
  }
}

function withResolved(attribs: sanitizeHtml.Attributes, name: string, baseUrl: string, schemes: string[]): sanitizeHtml.Attributes {
  const { [name]: value, ...rest } = attribs;
  const resolved = absoluteUrl(value, baseUrl, schemes);
  return resolved ? { ...rest, [name]: resolved } : rest;
}
