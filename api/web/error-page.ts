// The page a visitor sees when a public page cannot be made, or its address cannot name one: a short,
// calm note on a plain page (no scripts, no database), in the language of the edition the address
// belongs to, with a way to try again and the way back to that edition's home.
import { homePathOf, languageOfPath } from '../../domain/language-of-path';
import type { SiteLanguage } from '../../domain/languages';
import { escapeHtml } from '../html-text';

export type ErrorPageKind = 'unavailable' | 'failed' | 'badAddress';

type ErrorTexts = Record<ErrorPageKind, { title: string; text: string }> & { retry: string; home: string };

const errorPageTexts: Record<SiteLanguage, ErrorTexts> = {
  es: {
    unavailable: {
      title: 'Servicio no disponible por un momento',
      text: 'Estamos resolviendo un problema técnico. Sus datos están a salvo; intente de nuevo en unos minutos.',
    },
    failed: {
      title: 'Ocurrió un error',
      text: 'No pudimos mostrar esta página. Intente de nuevo en unos momentos.',
    },
    badAddress: {
      title: 'Dirección no válida',
      text: 'La dirección contiene caracteres que ninguna página usa. Revise el enlace o vuelva al inicio.',
    },
    retry: 'Intentar de nuevo',
    home: 'Ir al inicio',
  },
  en: {
    unavailable: {
      title: 'Service briefly unavailable',
      text: "We're working on a technical problem. Your data is safe; please try again in a few minutes.",
    },
    failed: {
      title: 'Something went wrong',
      text: 'We could not show this page. Please try again in a moment.',
    },
    badAddress: {
      title: 'Invalid address',
      text: 'This address contains characters that no page uses. Check the link or go back to the home page.',
    },
    retry: 'Try again',
    home: 'Go to the home page',
  },
};

/**
 * The page for `kind` at `path` (its language comes from the path). A bad address gets no link to try
 * again: it can never work.
 */
export function errorPage(kind: ErrorPageKind, path: string, siteName: string): string {
  const lang = languageOfPath(path);
  const texts = errorPageTexts[lang];
  const { title, text } = texts[kind];
  const retry = kind === 'badAddress' ? '' : `<a href="">${texts.retry}</a>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#0f172a;color:#e2e8f0}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}a{color:#93c5fd;margin:0 .75rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<p>${retry}<a href="${homePathOf(lang)}">${texts.home}</a></p></main></body></html>`;
}
