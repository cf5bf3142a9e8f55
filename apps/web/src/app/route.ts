import type { QueryClient } from '../lib/query';
import type { ComponentType } from 'react';
import type { Translate } from '../i18n/translator';
import type { PageHead } from '../lib/head';
import type { LazyPage } from '../lib/lazy-page';

/** What a route's loader and head see: the address, the query cache and who is looking. */
export interface RouteContext {
  params: Record<string, string>;
  search: URLSearchParams;
  client: QueryClient;
  /** The session token; null on the server, which renders every page as a visitor sees it. */
  token: string | null;
}

/** What a head sees: the route's context and the page's language. */
export interface HeadContext extends RouteContext {
  t: Translate;
}

export type LoadResult = 'ok' | 'not-found';

/**
 * Puts a page's data into the query cache through the same query options its components use, and says
 * whether the page exists. The server awaits it before rendering; the browser starts it when it
 * navigates, at the same time as the page's chunk, so it lives outside that chunk.
 */
export type Loader = (context: RouteContext) => Promise<LoadResult>;

/** What a route module exports as `page`: its component, and what it says about itself. */
export interface Page {
  Component: ComponentType;
  /** Title, description, canonical, preview image, JSON-LD and feeds, from the data `load` put in the cache. */
  head(context: HeadContext): PageHead;
}

export interface PageRoute {
  path: string;
  page: LazyPage<Page>;
  /** The page's source module, which names its chunk in the build manifest (for preload hints). */
  chunk?: string;
  load?: Loader;
  /** An address that only sends the visitor elsewhere. */
  redirect?: string;
}

/** A 404 from the API is an answer (the thing does not exist), not a failure. */
export const found = (value: unknown): LoadResult => (value ? 'ok' : 'not-found');
