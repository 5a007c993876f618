import { lazy, type ComponentType } from 'react';

/** A page loaded with its route chunk; `name` is the page's named export in the module. */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
