// The web app manifest (/manifest.webmanifest), made from configuration so the installed app carries
// the configured SITE_NAME; a file generated at build time could not. Spanish, dark navy brand.
import type { PageHead } from '../../domain';
import type { SiteInfo } from '../config';

export const manifestPath = '/manifest.webmanifest';

/** Brand colours, the same as index.html's theme-color and the icons of scripts/make-icons.ts. */
const themeColor = '#0b1324';

export function webManifest(site: SiteInfo): string {
  return JSON.stringify({
    id: '/',
    name: site.siteName,
    short_name: site.siteName,
    description: `${site.siteName}: barridos electrónicos, detección de dispositivos ocultos y seguridad para eventos VIP.`,
    lang: 'es',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: themeColor,
    theme_color: themeColor,
    categories: ['business', 'security'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: 'Formulario de Avanzada', url: '/formulario-avanzada' },
      { name: 'Panel de Administración', url: '/admin/dashboard' },
    ],
  });
}

/**
 * The client-rendered app shell the service worker precaches: the page template with the site's
 * details and no server data, which renders any route in the browser. The worker serves it offline
 * for a page it has no copy of; online, every navigation still goes to the server.
 */
export const appShellPath = '/app-shell';

/** A client-only route whose render gives the shell's data script (site details, no queries); its markup is not used. */
export const appShellSourceRoute = '/admin/login';

export const appShellHead = (site: SiteInfo): PageHead => ({ title: site.siteName, description: site.siteName, path: '/', noindex: true });
