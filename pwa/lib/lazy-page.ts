// A page loaded in its own chunk that can also be loaded *before* React renders it: the server and
// the browser both call preload() for the page of the URL first, so neither the server render nor
// the hydration ever waits on a Suspense fallback (no flash, no hydration mismatch).
import { createElement, lazy, type ComponentType } from 'react';

export type PageProps = { params: Record<string, string> };
export type LazyComponent<P> = ComponentType<P> & {
  preload?: () => Promise<unknown>;
  /** Loads react-aria's locale provider beside its own chunk (lazyPage): the server preloads that chunk too. */
  withLocale?: boolean;
};
export type PageComponent = LazyComponent<PageProps>;

export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  // Loaded once: the server preloads the page of every render, and each import() of a module already
  // loaded still went through the module loader's hooks (on their own thread under tsx), about a tenth
  // of a render. A failed load (a chunk the network lost) may be tried again.
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Component: LazyComponent<P> = (props: P) => createElement(loaded ?? (Lazy as unknown as ComponentType<P>), props);
  Component.preload = preload;
  return Component;
}

/**
 * A lazy page, wrapped in the react-aria locale of its language (pwa/ui/Locale.tsx): the locale
 * provider comes with the page chunks that use react-aria, not with the first load of '/'.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType<PageProps> }>): PageComponent {
  const component = lazyComponent<PageProps>(() =>
    Promise.all([load(), import('../ui/Locale')]).then(([page, locale]) => ({ default: locale.withLocale(page.default) })),
  );
  component.withLocale = true;
  return component;
}
