import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { discoverFeedLink } from '../../../api/feeds/index';
import { fixture } from '../../helpers/feed-server';

const page = 'https://blog.example/seguridad/inicio.html';

test('the first advertised feed is found and made absolute', () => {
  assert.is(discoverFeedLink(fixture('page-with-feed.html').toString(), page), 'https://blog.example/feeds/rss2.xml');
});

test('a page without a feed link gives null, whatever its text says', () => {
  assert.is(discoverFeedLink(fixture('page-without-feed.html').toString(), page), null);
});

test('Atom, JSON Feed and plain JSON types are recognised, attributes in any order and quoting', () => {
  assert.is(discoverFeedLink(`<link href='atom.xml' type='application/atom+xml' rel='alternate'>`, page), 'https://blog.example/seguridad/atom.xml');
  assert.is(discoverFeedLink('<LINK REL="Alternate" TYPE="application/feed+json" HREF="/feed.json"/>', page), 'https://blog.example/feed.json');
  assert.is(discoverFeedLink('<link rel=alternate type=application/json href=//cdn.example/f.json>', page), 'https://cdn.example/f.json');
  assert.is(discoverFeedLink('<link rel="alternate" type="application/rss+xml; charset=utf-8" href="/r?a=1&amp;b=2">', page), 'https://blog.example/r?a=1&b=2');
});

test('stylesheets, translations, commented-out links and javascript: hrefs are ignored', () => {
  const html = `
    <link rel="stylesheet" type="text/css" href="/a.css">
    <link rel="alternate" hreflang="en" href="/en/">
    <!-- <link rel="alternate" type="application/rss+xml" href="/viejo.xml"> -->
    <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
    <link rel="alternate" type="application/rss+xml" href="/bueno.xml">`;
  assert.is(discoverFeedLink(html, page), 'https://blog.example/bueno.xml');
});

test('a <base href> changes what relative feed links mean', () => {
  assert.is(
    discoverFeedLink('<base href="https://static.example/sitio/"><link rel="alternate" type="application/rss+xml" href="feed.xml">', page),
    'https://static.example/sitio/feed.xml',
  );
});

test.run();
