import { use, type ComponentType } from 'react';

/** A page component in its own chunk that can be fetched before it is rendered. */
export interface LazyPage {
  Component: ComponentType;
  /** Starts (or joins) the chunk's download; resolves once the page can render without suspending. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, but a page preloaded before its first render (the server renders after its data and
 * chunk are in; the browser preloads the first page before hydrating) renders at once instead of
 * suspending, so server HTML and the first client render match element for element.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  function Component() {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded /> : null;
  }
  return { Component, preload };
}
