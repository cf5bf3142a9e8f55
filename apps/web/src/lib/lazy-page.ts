import { use } from 'react';

/** A page's module in its own chunk, which can be fetched before the page is rendered. */
export interface LazyPage<T> {
  /** The module, suspending the render until its chunk is in. */
  read(): T;
  /** Starts (or joins) the chunk's download; resolves once `read` returns without suspending. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, but a page preloaded before its first render (the server renders after its data and
 * chunk are in; the browser preloads the first page before hydrating) renders at once instead of
 * suspending, so server HTML and the first client render match element for element.
 */
export function lazyPage<T>(load: () => Promise<T>): LazyPage<T> {
  let loaded: { module: T } | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = { module };
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return {
    read() {
      if (!loaded) use(preload());
      return loaded!.module;
    },
    preload,
  };
}

/** A page that is part of the first chunk: always there. */
export function eagerPage<T>(module: T): LazyPage<T> {
  return { read: () => module, preload: async () => {} };
}

/**
 * The props that start fetching a lazily loaded part (`load`, its dynamic import) as soon as a pointer or
 * focus reaches what opens it, so it is usually in by the click.
 */
export function preloadOnIntent(load: () => Promise<unknown>) {
  const start = () => void load().catch(() => undefined);
  return { onPointerEnter: start, onFocus: start };
}

/**
 * A module fetched only when asked (`preload`), never by rendering: a part below the fold the server
 * renders (its loader preloads it first) and the browser leaves as the server's HTML until the part is
 * wanted. `read` suspends until then.
 */
export function deferredPart<T>(load: () => Promise<T>): LazyPage<T> {
  const part = lazyPage(load);
  let ready = false;
  let want!: () => void;
  const wanted = new Promise<void>((resolve) => (want = resolve)).then(part.preload).then(() => {
    ready = true;
  });
  return {
    read() {
      if (!ready) use(wanted);
      return part.read();
    },
    preload() {
      want();
      return wanted;
    },
  };
}
