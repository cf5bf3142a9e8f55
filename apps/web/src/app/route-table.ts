import type { QueryClient } from '../lib/query';
import { notFoundHead } from '../lib/head';
import { withMessages } from '../i18n/messages';
import { eagerPage, lazyPage } from '../lib/lazy-page';
import { matchPath } from '../lib/router';
import type { Page, PageRoute } from './route';
import { load as loadList, page as listPage } from './routes/home';
import { page as notFoundPage } from './routes/not-found';
import { loadPeople } from './routes/people.load';
import { loadPortfolio } from './routes/portfolio.load';
import { loadProfile } from './routes/profile.load';
import { loadSearch } from './routes/search.load';

/**
 * A route module's page in its own chunk, `chunk` its path as the build manifest names it, loaded with the
 * words it uses (the path is written out: the build finds it in the code).
 */
const lazyRoute = (chunk: string, load: () => Promise<{ page: Page }>) => ({
  chunk,
  page: lazyPage(async () => (await withMessages(chunk, load)()).page),
});

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
    ...lazyRoute('src/app/routes/portfolio.tsx', () => import('./routes/portfolio')),
    load: loadPortfolio,
  },
  {
    path: '/portfolio/:linktitle/edit',
    ...lazyRoute('src/app/routes/portfolio-edit.tsx', () => import('./routes/portfolio-edit')),
  },
  { path: '/create', ...lazyRoute('src/app/routes/create.tsx', () => import('./routes/create')) },
  { path: '/auth/login', ...lazyRoute('src/app/routes/login.tsx', () => import('./routes/login')) },
  {
    path: '/auth/register',
    ...lazyRoute('src/app/routes/register.tsx', () => import('./routes/register')),
  },
  {
    path: '/auth/register/emailverification',
    ...lazyRoute('src/app/routes/email-verification.tsx', () => import('./routes/email-verification')),
  },
  {
    path: '/auth/forgot-password',
    ...lazyRoute('src/app/routes/forgot-password.tsx', () => import('./routes/forgot-password')),
  },
  {
    path: '/auth/reset-password',
    ...lazyRoute('src/app/routes/reset-password.tsx', () => import('./routes/reset-password')),
  },
  {
    path: '/auth/confirm-email',
    ...lazyRoute('src/app/routes/confirm-email.tsx', () => import('./routes/confirm-email')),
  },
  {
    path: '/people',
    ...lazyRoute('src/app/routes/people.tsx', () => import('./routes/people')),
    load: loadPeople,
  },
  {
    path: '/search',
    ...lazyRoute('src/app/routes/search.tsx', () => import('./routes/search')),
    load: loadSearch,
  },
  {
    path: '/following',
    ...lazyRoute('src/app/routes/following.tsx', () => import('./routes/following')),
  },
  { path: '/saved', ...lazyRoute('src/app/routes/saved.tsx', () => import('./routes/saved')) },
  {
    path: '/notifications',
    ...lazyRoute('src/app/routes/notifications.tsx', () => import('./routes/notifications')),
  },
  {
    path: '/unsubscribe',
    ...lazyRoute('src/app/routes/unsubscribe.tsx', () => import('./routes/unsubscribe')),
  },
  {
    path: '/profile',
    ...lazyRoute('src/app/routes/my-profile.tsx', () => import('./routes/my-profile')),
  },
  {
    path: '/profile/:username',
    ...lazyRoute('src/app/routes/profile.tsx', () => import('./routes/profile')),
    load: loadProfile,
  },
  { path: '/admin', ...lazyRoute('src/app/routes/admin.tsx', () => import('./routes/admin')) },
  { path: '/about', ...lazyRoute('src/app/routes/about.tsx', () => import('./routes/about')) },
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
