// The build gives lucide-react's icon modules our own `createLucideIcon` (pwa/ui/lucide-icon.tsx,
// vite.config.ts): the icons must come out as lucide-react's own components draw them, for every way this
// app passes props (a class, aria-hidden, a label, nothing), with icons that have aliases and without.
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CalendarDays, ChevronRight, House, LoaderCircle, ShieldCheck, TriangleAlert, X } from 'lucide-react';
import * as calendarDays from 'lucide-react/icons/calendar-days';
import * as chevronRight from 'lucide-react/icons/chevron-right';
import * as house from 'lucide-react/icons/house';
import * as loaderCircle from 'lucide-react/icons/loader-circle';
import * as shieldCheck from 'lucide-react/icons/shield-check';
import * as triangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import * as x from 'lucide-react/icons/x';
import createLucideIcon from '../../pwa/ui/lucide-icon';

type IconModule = { __iconData?: Parameters<typeof createLucideIcon>[0] };
const dataOf = (module: object) => {
  const data = (module as IconModule).__iconData;
  assert.ok(data, 'lucide-react exports each icon’s data beside its component');
  return data!;
};

const icons: [string, ComponentType<Record<string, unknown>>, object][] = [
  ['CalendarDays', CalendarDays, calendarDays],
  ['ChevronRight', ChevronRight, chevronRight],
  ['House', House, house],
  ['LoaderCircle', LoaderCircle, loaderCircle],
  ['ShieldCheck', ShieldCheck, shieldCheck],
  ['TriangleAlert', TriangleAlert, triangleAlert],
  ['X', X, x],
];

const propsCases: Record<string, unknown>[] = [
  { className: 'size-4', 'aria-hidden': 'true' },
  { className: 'size-4 shrink-0 text-slate-500', 'aria-hidden': true },
  {},
  { className: 'size-5' },
  { 'aria-label': 'Cerrar' },
  { className: '  size-4  animate-spin size-4 ', role: 'img', 'aria-label': 'Cargando' },
  { className: 'lucide size-6', 'data-testid': 'icono' },
];

test('each icon is the markup lucide-react draws, whatever props this app gives it', () => {
  for (const [name, lucide, module] of icons) {
    const ours = createLucideIcon(dataOf(module));
    for (const props of propsCases) {
      const expected = renderToStaticMarkup(createElement(lucide, props));
      assert.is(renderToStaticMarkup(createElement(ours, props)), expected, `${name} ${JSON.stringify(props)}`);
      // Asked again (the class list kept from the first time), the same.
      assert.is(renderToStaticMarkup(createElement(ours, props)), expected, `${name} ${JSON.stringify(props)}, again`);
    }
  }
});

test('an icon with aliases carries their classes, as lucide-react gives them', () => {
  const markup = renderToStaticMarkup(createElement(createLucideIcon(dataOf(triangleAlert)), { className: 'size-4' }));
  assert.ok(markup.includes('class="lucide lucide-triangle-exclamation-point lucide-alert-triangle lucide-triangle-alert size-4"'), markup);
  assert.ok(markup.includes('aria-hidden="true"'));
});

test.run();
