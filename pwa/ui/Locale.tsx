// react-aria's locale for the page's language: dates, numbers and the built-in texts of its
// controls. The same on the server and in the browser, or their texts (and hydration) would differ.
import { createElement, type ComponentType } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useLang } from '../i18n/lang';

export const ariaLocale = { es: 'es-CR', en: 'en-US' } as const;

export function withLocale<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function LocalePage(props: P) {
    return <I18nProvider locale={ariaLocale[useLang()]}>{createElement(Page, props)}</I18nProvider>;
  };
}
