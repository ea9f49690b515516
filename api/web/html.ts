// Turns a rendered page into the final HTML document: the <head> tags a page describes (title,
// description, canonical, Open Graph, Twitter, JSON-LD), modulepreload links, markup and data.
import type { SiteInfo } from '../config';
import type { PageHead } from '../../domain';
import type { PageLanguages } from '../../pwa/entry-server';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** public/og-image.jpg, drawn by scripts/make-icons.ts. */
const defaultShareImage = { path: '/og-image.jpg', width: 1200, height: 630 };

const absolute = (site: SiteInfo, url: string) => (/^https?:\/\//.test(url) ? url : `${site.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

const ogLocale = { es: 'es_CR', en: 'en_US' } as const;
const feedTitle = { es: 'Noticias', en: 'News in Spanish' } as const;

export function headTags(head: PageHead, site: SiteInfo, languages?: PageLanguages): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  const url = absolute(site, head.path);
  // Pages without an image of their own still get a preview card when shared (WhatsApp, social networks).
  const image = absolute(site, head.image ?? defaultShareImage.path);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(head.canonicalUrl ?? url)}" />`,
    // The largest image of the page starts loading with the page, in the size its <picture> will pick.
    head.preloadImage
      ? `<link rel="preload" as="image" imagesrcset="${escapeHtml(head.preloadImage.srcSet)}" imagesizes="${escapeHtml(head.preloadImage.sizes)}" type="${escapeHtml(head.preloadImage.type)}" fetchpriority="high" />`
      : '',
    // The same page in Spanish (es-CR, also x-default) and English, for search engines.
    ...(languages?.alternates ?? []).map((alt) => `<link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(absolute(site, alt.path))}" />`),
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

export function fillTemplate(template: string, parts: { head: string; html: string; appData: string; htmlLang?: string }): string {
  return template
    .replace('<html lang="es">', () => `<html lang="${parts.htmlLang ?? 'es'}">`)
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--app-data-->', () => parts.appData);
}
