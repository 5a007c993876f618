import { createElement, lazy, type ComponentType } from 'react';

/** A page loaded with its route chunk; `name` is the page's named export in the module. */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** A page that can also start loading its chunk before it is rendered (preloadablePage). */
export type LazyPage = ComponentType & {
  /** Loads the page's chunk (once); once it has arrived, the page renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * lazyPage for a page a visitor lands on with its data in the HTML (docs/decisions/207): once
 * its chunk has arrived (`preload`, called by main.tsx before the first render), it renders at
 * once instead of suspending for a task, so the first render draws the page; before that it
 * suspends as lazyPage does.
 */
export function preloadablePage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
    }));
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded ?? (() => null) };
  });
  function Page(props: object) {
    return createElement(loaded ?? Suspending, props);
  }
  return Object.assign(Page, { preload });
}
