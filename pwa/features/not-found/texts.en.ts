import type { NotFoundTexts } from './texts';

export const notFoundTextsEn: NotFoundTexts = {
  title: '404 Page Not Found',
  hint: 'The page you are looking for does not exist or has moved. Check the address, or start again from the home page.',
  backHome: 'Back to home',
  homePath: '/en',
  head: (site) => ({
    title: `Page not found | ${site.siteName}`,
    description: 'The page you are looking for does not exist or has moved.',
    path: '/404',
    noindex: true,
  }),
};
