// A page loaded in its own chunk that can also be loaded *before* React renders it: the server and
// the browser both call preload() for the page of the URL first, so neither the server render nor
// the hydration ever waits on a Suspense fallback (no flash, no hydration mismatch).
import { createElement, lazy, type ComponentType } from 'react';

export type PageProps = { params: Record<string, string> };
export type PageComponent = ComponentType<PageProps> & {
  preload?: () => Promise<unknown>;
  /** The source file, so the server can find the page's chunk in Vite's manifest for modulepreload. */
  source?: string;
};

export function lazyPage(load: () => Promise<{ default: ComponentType<PageProps> }>, source: string): PageComponent {
  let loaded: ComponentType<PageProps> | null = null;
  const preload = () => load().then((module) => (loaded = module.default));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Page: PageComponent = (props) => createElement(loaded ?? Lazy, props);
  Page.preload = preload;
  Page.source = source;
  return Page;
}
