import type { QueryClient } from '@tanstack/react-query';
import { notFoundHead } from '../lib/head';
import { eagerPage, lazyPage } from '../lib/lazy-page';
import { matchPath } from '../lib/router';
import type { Page, PageRoute } from './route';
import { load as loadList, page as listPage } from './routes/home';
import { page as notFoundPage } from './routes/not-found';
import { loadPeople } from './routes/people.load';
import { loadPortfolio } from './routes/portfolio.load';
import { loadProfile } from './routes/profile.load';

/** A route module's page, in its own chunk. */
const lazy = (load: () => Promise<{ page: Page }>) => lazyPage(() => load().then((module) => module.page));

/*
 * Every address of the site, each written once, shared by the server and the browser. A page's component
 * and head live in its module under routes/, each its own chunk but for the list (the first page of most
 * visits); a loader lives beside it in `<page>.load.ts`, in the first chunk, so data and chunk start
 * together when the browser navigates.
 */
export const routes: PageRoute[] = [
  {
    path: '/',
    page: eagerPage<Page>({ Component: () => null, head: ({ t }) => notFoundHead(t) }),
    redirect: '/page/1',
  },
  { path: '/page/:page', page: eagerPage(listPage), load: loadList },
  {
    path: '/portfolio/:linktitle',
    page: lazy(() => import('./routes/portfolio')),
    chunk: 'src/app/routes/portfolio.tsx',
    load: loadPortfolio,
  },
  {
    path: '/portfolio/:linktitle/edit',
    page: lazy(() => import('./routes/portfolio-edit')),
    chunk: 'src/app/routes/portfolio-edit.tsx',
  },
  { path: '/create', page: lazy(() => import('./routes/create')), chunk: 'src/app/routes/create.tsx' },
  { path: '/auth/login', page: lazy(() => import('./routes/login')), chunk: 'src/app/routes/login.tsx' },
  {
    path: '/auth/register',
    page: lazy(() => import('./routes/register')),
    chunk: 'src/app/routes/register.tsx',
  },
  {
    path: '/auth/register/emailverification',
    page: lazy(() => import('./routes/email-verification')),
    chunk: 'src/app/routes/email-verification.tsx',
  },
  {
    path: '/auth/forgot-password',
    page: lazy(() => import('./routes/forgot-password')),
    chunk: 'src/app/routes/forgot-password.tsx',
  },
  {
    path: '/auth/reset-password',
    page: lazy(() => import('./routes/reset-password')),
    chunk: 'src/app/routes/reset-password.tsx',
  },
  {
    path: '/auth/confirm-email',
    page: lazy(() => import('./routes/confirm-email')),
    chunk: 'src/app/routes/confirm-email.tsx',
  },
  {
    path: '/people',
    page: lazy(() => import('./routes/people')),
    chunk: 'src/app/routes/people.tsx',
    load: loadPeople,
  },
  {
    path: '/following',
    page: lazy(() => import('./routes/following')),
    chunk: 'src/app/routes/following.tsx',
  },
  { path: '/saved', page: lazy(() => import('./routes/saved')), chunk: 'src/app/routes/saved.tsx' },
  {
    path: '/notifications',
    page: lazy(() => import('./routes/notifications')),
    chunk: 'src/app/routes/notifications.tsx',
  },
  {
    path: '/unsubscribe',
    page: lazy(() => import('./routes/unsubscribe')),
    chunk: 'src/app/routes/unsubscribe.tsx',
  },
  {
    path: '/profile',
    page: lazy(() => import('./routes/my-profile')),
    chunk: 'src/app/routes/my-profile.tsx',
  },
  {
    path: '/profile/:username',
    page: lazy(() => import('./routes/profile')),
    chunk: 'src/app/routes/profile.tsx',
    load: loadProfile,
  },
  { path: '/admin', page: lazy(() => import('./routes/admin')), chunk: 'src/app/routes/admin.tsx' },
  { path: '/about', page: lazy(() => import('./routes/about')), chunk: 'src/app/routes/about.tsx' },
];

export const notFoundRoute: PageRoute = {
  path: '*',
  page: eagerPage(notFoundPage),
  load: async () => 'not-found',
};

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string>;
}

/** The route for the app's path (raw, as in the address bar, without its language prefix), or the 404 route. */
export function matchRoute(pathname: string): RouteMatch {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return { route: notFoundRoute, params: {} };
}

/**
 * Starts what a page needs: its chunk and, unless `data` is false, its queries (errors stay with the
 * queries, where the page shows them). Resolves when the chunk is in.
 */
export function preloadRoute(
  /** The app's path, without the address's language prefix. */
  location: { pathname: string; search: string },
  client: QueryClient,
  token: string | null,
  { data = true }: { data?: boolean } = {},
): Promise<void> {
  const match = matchRoute(location.pathname);
  if (data && match.route.load) {
    const context = { params: match.params, search: new URLSearchParams(location.search), client, token };
    match.route.load(context).catch(() => undefined);
  }
  // A chunk that fails to load is reported by the page's error boundary when it renders.
  return match.route.page.preload().catch(() => undefined);
}
