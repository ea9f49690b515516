import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

export type NotFoundTexts = { title: string; hint: string; backHome: string; homePath: string; head: (site: SiteInfo) => PageHead };

export const notFoundTexts: NotFoundTexts = {
  // Kept in English, as the owner wrote it (docs/rules.md, 'Required wording'); the hint below is for the developer who wired a link wrong.
  title: '404 Page Not Found',
  hint: '¿Olvidó agregar la página al enrutador? Revise que la ruta exista en pwa/routes.tsx o que el enlace esté bien escrito.',
  backHome: 'Volver al inicio',
  homePath: '/',
  head: (site) => notFoundHead(site),
};

const notFoundHead = (site: SiteInfo): PageHead => ({
  title: `Página no encontrada | ${site.siteName}`,
  description: 'La página que busca no existe o fue movida.',
  path: '/404',
  noindex: true,
});
