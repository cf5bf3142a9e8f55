import { LOCALE_INFO, splitLocalePath } from '@portfolio-master/i18n/locales';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useTransition,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The site's router: a location, a way to move it and links that use it, shared by the server (a fixed
 * location per request) and the browser (the History API). Routes are matched in one table
 * (`app/route-table.ts`); their data is loaded through the query cache (`lib/query/`), so the router itself knows nothing
 * of data. See docs/decisions/0015-server-rendering.md for why this is not React Router.
 *
 * The app works with paths of its own (`/page/1`); the address adds the page's language (`/ru/page/1`,
 * decision 38). The router strips that prefix (its `basename`) from the location it hands out and puts
 * it before every path it is given (links, navigations, `useHref`), so a page keeps its language and no
 * component spells a prefix.
 */

export interface Location {
  pathname: string;
  search: string;
  /** State passed with a navigation (`{ from }`, `{ notice }`); null on a first visit or a reload. */
  state: unknown;
  /** 'default' for the entry the visit started on; a fresh key for every navigation after it. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface History {
  readonly location: Location;
  push(to: string, options?: NavigateOptions): void;
  go(delta: number): void;
  listen(listener: (location: Location, pop: boolean) => void): () => void;
}

interface EntryState {
  key: string;
  state: unknown;
}

function splitPath(to: string): { pathname: string; search: string } {
  const hash = to.indexOf('#');
  const path = hash >= 0 ? to.slice(0, hash) : to;
  const question = path.indexOf('?');
  return question >= 0
    ? { pathname: path.slice(0, question) || '/', search: path.slice(question) }
    : { pathname: path || '/', search: '' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The language prefix an address starts with: '' for the unprefixed default, `/ru` for `/ru/page/1`. */
export function basenameOf(pathname: string): string {
  return LOCALE_INFO[splitLocalePath(pathname).locale].prefix;
}

/** The app's own path of an address under `basename`: `/ru/page/1` is `/page/1`, `/ru` is `/`. */
export function stripBasename(basename: string, pathname: string): string {
  if (basename === '') return pathname;
  if (pathname === basename) return '/';
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
}

/** The address of the app's path `to` under `basename`; absolute URLs and other schemes stay as they are. */
export function withBasename(basename: string, to: string): string {
  return to.startsWith('/') && !to.startsWith('//') ? basename + to : to;
}

/** The browser's history; each entry carries its key and state in `history.state`. */
export function createBrowserHistory(): History {
  const listeners = new Set<(location: Location, pop: boolean) => void>();
  const read = (): Location => {
    const entry = window.history.state as Partial<EntryState> | null;
    return {
      pathname: window.location.pathname,
      search: window.location.search,
      state: entry?.state ?? null,
      key: entry?.key ?? 'default',
    };
  };
  let location = read();
  const notify = (pop: boolean) => {
    location = read();
    for (const listener of listeners) listener(location, pop);
  };
  window.addEventListener('popstate', () => notify(true));
  return {
    get location() {
      return location;
    },
    push(to, options = {}) {
      const entry: EntryState = { key: newKey(), state: options.state ?? null };
      if (options.replace) window.history.replaceState(entry, '', to);
      else window.history.pushState(entry, '', to);
      notify(false);
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history in memory: one fixed location on the server, a list of entries in tests. */
export function createMemoryHistory(initial = '/', initialState: unknown = null): History {
  const entries: Location[] = [{ ...splitPath(initial), state: initialState, key: 'default' }];
  let index = 0;
  const listeners = new Set<(location: Location, pop: boolean) => void>();
  const notify = (pop: boolean) => {
    for (const listener of listeners) listener(entries[index]!, pop);
  };
  return {
    get location() {
      return entries[index]!;
    },
    push(to, options = {}) {
      const entry = { ...splitPath(to), state: options.state ?? null, key: newKey() };
      if (options.replace) entries[index] = entry;
      else entries.splice(++index, entries.length, entry);
      notify(false);
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      notify(true);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface RouterValue {
  history: History;
  basename: string;
  /** Where the app is, its language prefix stripped. */
  location: Location;
  /** A navigation is under way: the next page is still loading. */
  pending: boolean;
  /** Whether the last change came from the back or forward button. */
  pop: boolean;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

/**
 * Provides the location; moves between pages inside a transition, so the page on screen stays until the
 * next is ready. Every path goes in and out under `basename`, the address's language prefix.
 */
export function Router({
  history,
  basename = '',
  children,
}: {
  history: History;
  basename?: string;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState({ location: history.location, pop: false });
  const [pending, startTransition] = useTransition();
  useEffect(
    () =>
      history.listen((location, pop) => {
        startTransition(() => setCurrent({ location, pop }));
      }),
    [history],
  );
  const value = useMemo(
    () => ({
      history,
      basename,
      pending,
      pop: current.pop,
      location: { ...current.location, pathname: stripBasename(basename, current.location.pathname) },
    }),
    [history, basename, pending, current],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router is missing above this component');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** Whether the current location was reached with the back or forward button. */
export function useIsPop(): boolean {
  return useRouter().pop;
}

export function useNavigationPending(): boolean {
  return useRouter().pending;
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const { history, basename } = useRouter();
  return useMemo(
    () => (to: string | number, options?: NavigateOptions) =>
      typeof to === 'number' ? history.go(to) : history.push(withBasename(basename, to), options),
    [history, basename],
  );
}

/** The address of the app's path `to` in the page's language, for what is not a `Link` (a form's action). */
export function useHref(to: string): string {
  return withBasename(useRouter().basename, to);
}

export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => void,
] {
  const { location, history, basename } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => {
    const search = new URLSearchParams(next).toString();
    history.push(withBasename(basename, location.pathname) + (search ? `?${search}` : ''), options);
  };
  return [params, set];
}

/** The named segments of the matched route, decoded once. */
export function useParams(): Record<string, string> {
  return useContext(ParamsContext);
}

export function ParamsProvider({
  params,
  children,
}: {
  params: Record<string, string>;
  children: ReactNode;
}) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

/**
 * Matches `/portfolio/:linktitle` against a raw (still percent-encoded) pathname; each segment is decoded
 * once, so an encoded `%`, `/` or `?` in a name stays what it is. Null when it does not match.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want[want.length - 1] === '*') {
    if (have.length < want.length - 1) return null;
  } else if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < want.length; index += 1) {
    const part = want[index]!;
    if (part === '*') break;
    let value: string;
    try {
      value = decodeURIComponent(have[index]!);
    } catch {
      return null;
    }
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/**
 * An ordinary link that moves inside the app on a plain left click and works without JavaScript; `to` is
 * the app's path, the link's address is in the page's language.
 */
export function Link({ to, replace, state, onClick, target, ...props }: LinkProps) {
  const { history, basename } = useRouter();
  const href = withBasename(basename, to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    history.push(href, { replace, state });
  };
  return <a {...props} href={href} target={target} onClick={handleClick} />;
}

/** A Link that says when it leads to the current page (`aria-current="page"` and the class `active`). */
export function NavLink({
  end = false,
  className,
  ...props
}: LinkProps & { end?: boolean; className?: string }) {
  const { pathname } = useLocation();
  const target = splitPath(props.to).pathname;
  const active = pathname === target || (!end && pathname.startsWith(`${target}/`));
  return (
    <Link
      {...props}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
