// What the service worker may cache, and which built files go in its precache.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isCacheablePage, isPublicApiRequest, isRuntimeAsset, isServerDown } from '../../pwa/offline/sw-rules';
import { publicShellFiles } from '../../pwa/offline/vite-pwa';
import { isLowOnSpace } from '../../pwa/offline/storage';

const page = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) });
const url = (path: string) => new URL(path, 'https://example.test');

test('public pages are kept, admin screens (no-store), errors and non-HTML are not', () => {
  assert.ok(isCacheablePage(page(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })));
  assert.not.ok(isCacheablePage(page(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' })));
  assert.not.ok(isCacheablePage(page(200, { 'Content-Type': 'text/html', 'Cache-Control': 'private, max-age=0' })));
  assert.not.ok(isCacheablePage(page(404, { 'Content-Type': 'text/html' })));
  assert.not.ok(isCacheablePage(page(500, { 'Content-Type': 'text/html' })));
  assert.not.ok(isCacheablePage(page(200, { 'Content-Type': 'application/json' })));
});

test("a page answered 5xx (the proxy's 502 while the app is down) is no page: the kept copy stands in; a 4xx is the page", () => {
  for (const status of [500, 502, 503, 504]) assert.ok(isServerDown(status), String(status));
  for (const status of [200, 301, 304, 400, 401, 404, 410, 429]) assert.not.ok(isServerDown(status), String(status));
});

test('published news and services are cached; the review queue, writes and staff data are not', () => {
  assert.ok(isPublicApiRequest('GET', url('/api/news')));
  assert.ok(isPublicApiRequest('GET', url('/api/news?limit=3&category=Ciberseguridad')));
  assert.ok(isPublicApiRequest('GET', url('/api/news/microfonos-ocultos')));
  assert.ok(isPublicApiRequest('GET', url('/api/services')));
  assert.ok(isPublicApiRequest('GET', url('/api/news?status=published')));
  assert.not.ok(isPublicApiRequest('GET', url('/api/news?status=pending')));
  assert.not.ok(isPublicApiRequest('GET', url('/api/news?status=all')));
  assert.not.ok(isPublicApiRequest('POST', url('/api/news')));
  assert.not.ok(isPublicApiRequest('GET', url('/api/advance-forms')));
  assert.not.ok(isPublicApiRequest('GET', url('/api/auth/me')));
  assert.not.ok(isPublicApiRequest('GET', url('/api/contact')));
  assert.not.ok(isPublicApiRequest('GET', url('/api/news/abc/history')));
});

test('hashed chunks and icons are runtime assets; photos and pages are not', () => {
  assert.ok(isRuntimeAsset('/assets/AdminDashboardPage-27vAD2Bk.js'));
  assert.ok(isRuntimeAsset('/assets/index-f8P-2EL0.css'));
  assert.ok(isRuntimeAsset('/icons/icon-192.png'));
  // The PDF's symbol font: a draft's PDF made offline finds it once it was fetched online.
  assert.ok(isRuntimeAsset('/assets/DejaVuSans-Bq3kVw1x.ttf'));
  assert.not.ok(isRuntimeAsset('/objects/uploads/0b6f6c4e'));
  assert.not.ok(isRuntimeAsset('/admin/dashboard'));
});

test('the precache holds the entry, the public pages and the public form with the queue; not the staff screens', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      isEntry: true,
      css: ['assets/index-a.css'],
      imports: ['_react.js'],
      dynamicImports: [
        'pwa/features/news/NewsListPage.tsx',
        'pwa/features/admin/AdminDashboardPage.tsx',
        'pwa/features/advance-form/AdvanceFormPublicPage.tsx',
        'pwa/features/advance-form/AdminAdvanceFormNewPage.tsx',
        'pwa/offline/register-worker.ts',
        'pwa/offline/sync.ts',
        'pwa/offline/query-persist.ts',
        '_query-persist-k.js',
      ],
    },
    '_query-persist-k.js': { file: 'assets/query-persist-k.js', name: 'query-persist' },
    '_react.js': { file: 'assets/react-b.js' },
    '_select.js': { file: 'assets/select-c.js' },
    '_image-compression.js': { file: 'assets/bic-d.js' },
    'pwa/features/news/NewsListPage.tsx': { file: 'assets/NewsListPage-e.js', imports: ['_select.js'] },
    'pwa/features/admin/AdminDashboardPage.tsx': { file: 'assets/AdminDashboardPage-f.js', imports: ['_select.js'] },
    'pwa/features/advance-form/AdvanceFormPublicPage.tsx': { file: 'assets/AdvanceFormPublicPage-g.js', dynamicImports: ['_image-compression.js'] },
    'pwa/features/advance-form/AdminAdvanceFormNewPage.tsx': { file: 'assets/AdminAdvanceFormNewPage-l.js', imports: ['_select.js'] },
    'pwa/offline/register-worker.ts': { file: 'assets/register-worker-h.js' },
    'pwa/offline/sync.ts': { file: 'assets/sync-i.js', dynamicImports: ['_image-compression.js'] },
    'pwa/offline/query-persist.ts': { file: 'assets/query-persist-m.js' },
  };
  const files = [...publicShellFiles(manifest)].sort();
  // The public form opens offline for a visitor who saw any public page, and reduces photos there too.
  assert.equal(files, [
    'assets/AdvanceFormPublicPage-g.js',
    'assets/NewsListPage-e.js',
    'assets/bic-d.js',
    'assets/index-a.css',
    'assets/index-a.js',
    'assets/react-b.js',
    'assets/register-worker-h.js',
    'assets/select-c.js',
    'assets/sync-i.js',
  ]);
});

test('low space: under 50 MB or under 10 % free', () => {
  const mb = 1024 * 1024;
  assert.ok(isLowOnSpace({ quota: 2000 * mb, usage: 1960 * mb }));
  assert.ok(isLowOnSpace({ quota: 100 * mb, usage: 95 * mb }));
  assert.ok(isLowOnSpace({ quota: 1000 * mb, usage: 920 * mb }));
  assert.not.ok(isLowOnSpace({ quota: 1000 * mb, usage: 100 * mb }));
  assert.not.ok(isLowOnSpace({}));
});

test.run();
