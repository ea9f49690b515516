// The Spanish and English paths of the public site, and the preload table of the lazily loaded pages.
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { langOfPath, pathIn } from '../../pwa/i18n/lang';
import { layoutSources, pageSources } from '../../pwa/route-sources';
import { matchRoute, routes } from '../../pwa/routes';

test('every public page has its twin in the other language, articles included', () => {
  const pairs: [string, string][] = [
    ['/', '/en'],
    ['/servicios', '/en/services'],
    ['/noticias', '/en/news'],
    ['/noticias/un-articulo', '/en/news/un-articulo'],
    ['/contacto', '/en/contact'],
    ['/formulario-avanzada', '/en/advance-form'],
  ];
  for (const [es, en] of pairs) {
    assert.is(pathIn('en', es), en);
    assert.is(pathIn('es', en), es);
    assert.is(pathIn('es', es), es);
    assert.is(pathIn('en', en), en);
    assert.is(matchRoute(en)?.route.lang, 'en', en);
    assert.is(matchRoute(es)?.route.lang, undefined, es);
  }
  assert.is(pathIn('en', '/admin'), null);
  assert.is(pathIn('en', '/servicios-extra'), null);
  assert.is(langOfPath('/en/no-existe'), 'en');
  assert.is(langOfPath('/entrevistas'), 'es');
});

test('every lazily loaded page names its source file for the preload links, and the files exist', () => {
  const source = readFileSync('pwa/routes.tsx', 'utf8');
  for (const route of routes) {
    if (!route.page.preload) continue;
    const file = pageSources[route.pattern];
    assert.ok(file, `falta ${route.pattern} en pwa/route-sources.ts`);
    assert.ok(existsSync(file), file);
    assert.ok(
      source.includes(`import('./${file.replace(/^pwa\//, '').replace(/\.tsx?$/, '')}')`),
      `${route.pattern}: ${file} no es el módulo que carga la ruta`,
    );
  }
  for (const file of Object.values(layoutSources)) assert.ok(existsSync(file), file);
});

test.run();
