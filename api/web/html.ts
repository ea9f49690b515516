// Turns a rendered page into the final HTML document: the <head> tags a page describes (title,
// description, canonical, Open Graph, Twitter, JSON-LD), modulepreload links, markup and data.
import type { SiteInfo } from '../config';
import { escapeHtml } from '../html-text';
import type { PageHead } from '../../domain';
import type { PageLanguages } from '../../pwa/entry-server';

/** public/og-image.jpg, drawn by scripts/make-icons.ts. */
const defaultShareImage = { path: '/og-image.jpg', width: 1200, height: 630 };

const absolute = (site: SiteInfo, url: string) => (/^https?:\/\//.test(url) ? url : `${site.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

const ogLocale = { es: 'es_CR', en: 'en_US' } as const;
const feedTitle = { es: 'Noticias', en: 'News in Spanish' } as const;

export function headTags(head: PageHead, site: SiteInfo, languages?: PageLanguages): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  const url = absolute(site, head.path);
  // A page whose address carries a query (a page of the news list, its filters) has twins that carry it too.
  const query = head.path.includes('?') ? head.path.slice(head.path.indexOf('?')) : '';
  // Pages without an image of their own still get a preview card when shared (WhatsApp, social networks).
  const image = absolute(site, head.image ?? defaultShareImage.path);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex || head.filtered ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(head.canonicalUrl ?? url)}" />`,
    // The largest image of the page starts loading with the page, in the size its <picture> will pick.
    head.preloadImage
      ? `<link rel="preload" as="image" imagesrcset="${escapeHtml(head.preloadImage.srcSet)}" imagesizes="${escapeHtml(head.preloadImage.sizes)}" type="${escapeHtml(head.preloadImage.type)}" fetchpriority="high" />`
      : '',
    // The same page in Spanish (es-CR, also x-default) and English, for search engines.
    ...(languages?.alternates ?? []).map(
      (alt) => `<link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(absolute(site, `${alt.path}${query}`))}" />`,
    ),
    // The news feeds, for readers and browsers that discover them from any page. They are in Spanish:
    // an English page names them in English and says so. (No hreflang on them: search engines would
    // read a feed as the page's Spanish twin.)
    ...[
      ['rss', '/noticias/feed.xml', 'RSS'],
      ['atom', '/noticias/atom.xml', 'Atom'],
    ].map(
      ([kind, path, name]) =>
        `<link rel="alternate" type="application/${kind}+xml" title="${escapeHtml(`${site.siteName} — ${feedTitle[languages?.lang ?? 'es']} (${name})`)}" href="${escapeHtml(absolute(site, path))}" />`,
    ),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', site.siteName),
    meta('property', 'og:locale', ogLocale[languages?.lang ?? 'es']),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    ...(head.image
      ? []
      : [meta('property', 'og:image:width', String(defaultShareImage.width)), meta('property', 'og:image:height', String(defaultShareImage.height))]),
    meta('property', 'article:published_time', head.publishedTime),
    meta('property', 'article:modified_time', head.modifiedTime),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
  ];
  if (head.jsonLd) {
    const json = JSON.stringify(head.jsonLd).replace(/</g, '\\u003c');
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  return tags.filter(Boolean).join('\n    ');
}

/** Vite's build manifest: source file -> its chunk, the chunks it imports, its CSS. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** <link> tags that fetch a lazy page's chunks (and what they import) in parallel with the entry. */
export function preloadTags(manifest: ViteManifest | null, sources: string[], template: string): string {
  if (!manifest) return '';
  // The same for every page of a route: made once per manifest, template and list of chunks.
  let byTemplate = preloadsMade.get(manifest);
  if (!byTemplate) preloadsMade.set(manifest, (byTemplate = new Map()));
  let bySources = byTemplate.get(template);
  if (!bySources) {
    if (byTemplate.size >= keptTemplates) byTemplate.clear();
    byTemplate.set(template, (bySources = new Map()));
  }
  const key = sources.join('\n');
  let tags = bySources.get(key);
  if (tags === undefined) bySources.set(key, (tags = linksFor(manifest, sources, template)));
  return tags;
}

/** Tags already made, per manifest and template (development has one template per page). */
const preloadsMade = new WeakMap<ViteManifest, Map<string, Map<string, string>>>();
const keptTemplates = 8;

function linksFor(manifest: ViteManifest, sources: string[], template: string): string {
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  const links = [
    ...[...css].map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ];
  // The entry's own chunks are already in the template.
  return links.filter((link) => !template.includes(link.match(/href="([^"]+)"/)![1])).join('\n    ');
}

/** Where index.html takes a page's parts, in the order they appear in it. */
const templateMarks = ['<html lang="es">', '<!--app-head-->', '<!--app-html-->', '<!--app-data-->'] as const;

/** The template's bytes between its marks, per template (development transforms it per page). */
const templatePieces = new Map<string, Buffer[]>();

function piecesOf(template: string): Buffer[] {
  let pieces = templatePieces.get(template);
  if (pieces) return pieces;
  pieces = [];
  let from = 0;
  for (const mark of templateMarks) {
    const at = template.indexOf(mark, from);
    if (at < 0) throw new Error(`index.html no tiene ${mark} (o no en su orden)`);
    pieces.push(Buffer.from(template.slice(from, at)));
    from = at + mark.length;
  }
  pieces.push(Buffer.from(template.slice(from)));
  if (templatePieces.size >= keptTemplates) templatePieces.clear();
  templatePieces.set(template, pieces);
  return pieces;
}

/** Throws, with what is missing, unless `template` has every mark in its order (checked once at start in production). */
export function checkTemplate(template: string): void {
  piecesOf(template);
}

/**
 * The page's bytes: the template with the page's language, head, markup and data in their places. Each
 * part is encoded on its own and the template's bytes between them are kept: the markup, nearly all of a
 * page, is never copied into a larger string first (and a long dash in the head does not make the whole
 * page a string of two bytes a character). The markup may come in pieces, some already bytes (the parts
 * the renderer keeps).
 */
export function pageBytes(template: string, parts: { head: string; html: string | readonly (string | Buffer)[]; appData: string; htmlLang?: string }): Buffer {
  const [beforeLang, beforeHead, beforeHtml, beforeData, end] = piecesOf(template);
  const html = typeof parts.html === 'string' ? [parts.html] : parts.html;
  const pieces = [beforeLang, `<html lang="${parts.htmlLang ?? 'es'}">`, beforeHead, parts.head, beforeHtml, ...html, beforeData, parts.appData, end];
  // At most three bytes of UTF-8 for each UTF-16 unit (four for a pair of them).
  const most = pieces.reduce((sum, piece) => sum + (typeof piece === 'string' ? 3 * piece.length : piece.length), 0);
  if (most > scratchLimit) return Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)));
  if (scratch.length < most) scratch = Buffer.allocUnsafeSlow(Math.min(scratchLimit, Math.max(most, 2 * scratch.length)));
  let length = 0;
  for (const piece of pieces) length += typeof piece === 'string' ? scratch.write(piece, length, 'utf8') : piece.copy(scratch, length);
  const bytes = Buffer.allocUnsafeSlow(length);
  scratch.copy(bytes, 0, 0, length);
  return bytes;
}

/**
 * Where a page is written before it is copied out at its exact length. Buffer.from(string) measures the
 * string's UTF-8 length in one pass and encodes it in another: for a 42 KB news list, 52 µs against 11
 * for writing it here and copying it out (docs/search-and-page-cache.md, "A page's bytes written once").
 * A page whose worst case is larger than the limit is encoded part by part, as before.
 */
const scratchLimit = 1024 * 1024;
let scratch = Buffer.allocUnsafeSlow(64 * 1024);
