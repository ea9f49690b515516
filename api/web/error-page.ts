// The page a visitor sees when a public page cannot be made: a short, calm Spanish note on a plain
// page (no scripts, no database), with a way to try again and the way back home.
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const pageTexts = {
  unavailable: {
    title: 'Servicio no disponible por un momento',
    text: 'Estamos resolviendo un problema técnico. Sus datos están a salvo; intente de nuevo en unos minutos.',
  },
  failed: {
    title: 'Ocurrió un error',
    text: 'No pudimos mostrar esta página. Intente de nuevo en unos momentos.',
  },
  retry: 'Intentar de nuevo',
  home: 'Ir al inicio',
} as const;

export function errorPage(texts: { title: string; text: string }, siteName: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(texts.title)} | ${escape(siteName)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#0f172a;color:#e2e8f0}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}a{color:#93c5fd;margin:0 .75rem}</style></head>
<body><main><h1>${escape(texts.title)}</h1><p>${escape(texts.text)}</p>
<p><a href="">${pageTexts.retry}</a><a href="/">${pageTexts.home}</a></p></main></body></html>`;
}
