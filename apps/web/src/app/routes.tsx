import type { Portfolio, PortfolioPage, User } from '@portfolio-master/contract';
import { markdownToText, shorten } from '@portfolio-master/contract/plain-text';
import type { QueryClient } from '@tanstack/react-query';
import { fullName } from '../components/avatar';
import { portfolioQueryOptions } from '../features/portfolios/api/get-portfolio';
import {
  authorPortfoliosQueryOptions,
  portfoliosQueryOptions,
  weekBestQueryOptions,
} from '../features/portfolios/api/get-portfolios';
import { technologiesQueryOptions } from '../features/portfolios/api/get-technologies';
import {
  isPastLastPage,
  listHref,
  listParams,
  readListLocation,
  type ListLocation,
} from '../features/portfolios/list-query';
import { userQueryOptions } from '../features/users/api/get-user';
import { usersQueryOptions } from '../features/users/api/get-users';
import { DESCRIPTION_LENGTH, type PageHead } from '../lib/head';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { matchPath } from '../lib/router';
import { uz } from '../i18n/uz';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/** What a route's loader and head see: the address, the query cache and who is looking. */
export interface RouteContext {
  params: Record<string, string>;
  search: URLSearchParams;
  client: QueryClient;
  /** The session token; null on the server, which renders every page as a visitor sees it. */
  token: string | null;
}

export type LoadResult = 'ok' | 'not-found';

export interface PageRoute {
  path: string;
  page: LazyPage;
  /** The page's source module, which names its chunk in the build manifest (for preload hints). */
  chunk?: string;
  /**
   * Puts the page's data into the query cache through the same query options its components use, and
   * says whether the page exists. The server awaits it before rendering; the browser starts it when it
   * navigates, at the same time as the page's chunk.
   */
  load?(context: RouteContext): Promise<LoadResult>;
  /** What the page says about itself, from the data `load` put in the cache. */
  head(context: RouteContext): PageHead;
  /** An address that only sends the visitor elsewhere. */
  redirect?: string;
}

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string>;
}

const eager = (Component: LazyPage['Component']): LazyPage => ({ Component, preload: async () => {} });

const siteDescription = () => uz.footer.aboutBlurb;
const title = (text?: string | null) => (text ? `${text} | ${uz.appName}` : uz.appName);

/** A page for one visitor (a form, an own profile): its title (read when the page renders), nothing to index. */
const privateHead = (text: () => string) => (): PageHead => ({
  title: title(text()),
  description: siteDescription(),
  type: 'website',
  noindex: true,
});

const siteFeed = () => ({ href: '/feed.xml', title: uz.feeds.site });

function listHead(list: ListLocation | null, page: PortfolioPage | undefined): PageHead {
  if (!list) return notFoundHead();
  const parts: string[] = [];
  if (list.q) parts.push(uz.list.searchingFor(list.q));
  if (list.filter.length) parts.push(list.filter.join(', '));
  const heading = parts.length ? `${parts.join(' · ')} — ${uz.list.title}` : uz.list.title;
  const text = list.page > 1 ? `${heading} — ${uz.pagination.page(list.page)}` : heading;
  const single = list.filter.length === 1 ? list.filter[0] : undefined;
  return {
    // The first page is the site itself: its title is the site's name alone.
    title: list.page === 1 && parts.length === 0 ? title() : title(text),
    description:
      list.filter.length && page
        ? uz.list.filterDescription(list.filter.join(', '), page.total)
        : siteDescription(),
    canonical: listHref(list.page, list.filter, list.q, list.sort),
    type: 'website',
    // Search results are for the person searching; technology lists are pages worth finding.
    noindex: list.q !== '',
    feeds: single
      ? [
          { href: `/technology/${encodeURIComponent(single)}/feed.xml`, title: uz.feeds.technology(single) },
          siteFeed(),
        ]
      : [siteFeed()],
  };
}

function portfolioHead(portfolio: Portfolio | null | undefined): PageHead {
  if (!portfolio) return notFoundHead(uz.portfolio.notFoundTitle);
  const path = `/portfolio/${encodeURIComponent(portfolio.linktitle)}`;
  const author = fullName(portfolio.author);
  const text = markdownToText(portfolio.description);
  const image = `/og/portfolio/${encodeURIComponent(portfolio.linktitle)}.png`;
  const authorPath = `/profile/${encodeURIComponent(portfolio.author.username)}`;
  return {
    title: title(portfolio.title),
    description: shorten(
      text || uz.portfolio.metaDescription(portfolio.title, author, portfolio.used),
      DESCRIPTION_LENGTH,
    ),
    canonical: path,
    image,
    imageAlt: uz.card.cover(portfolio.title),
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: portfolio.title,
      headline: portfolio.title,
      description: shorten(text, 300) || undefined,
      url: path,
      image,
      dateCreated: portfolio.date,
      datePublished: portfolio.date,
      dateModified: portfolio.updatedAt,
      keywords: portfolio.used.join(', ') || undefined,
      author: { '@type': 'Person', name: author, alternateName: portfolio.author.username, url: authorPath },
      sameAs: [portfolio.url, portfolio.repoUrl].filter(Boolean),
      interactionStatistic: [
        {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/LikeAction',
          userInteractionCount: portfolio.likesCount,
        },
        {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/CommentAction',
          userInteractionCount: portfolio.commentsCount,
        },
      ],
    },
    feeds: [{ href: `${authorPath}/feed.xml`, title: uz.feeds.author(author) }, siteFeed()],
  };
}

function profileHead(user: User | null | undefined): PageHead {
  if (!user) return notFoundHead(uz.user.notFoundTitle);
  const name = fullName(user);
  const path = `/profile/${encodeURIComponent(user.username)}`;
  const image = `/og/profile/${encodeURIComponent(user.username)}.png`;
  const about = user.description.trim() || (user.skills.length ? user.skills.join(', ') : '');
  return {
    title: title(uz.user.profileTitle(name)),
    description: shorten(
      about ? `${name} (@${user.username}): ${about}` : uz.user.metaDescription(name, user.username),
      DESCRIPTION_LENGTH,
    ),
    canonical: path,
    image,
    imageAlt: uz.user.avatarAlt(name),
    type: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: path,
      dateCreated: user.registeredDate,
      mainEntity: {
        '@type': 'Person',
        name,
        alternateName: user.username,
        description: user.description.trim() || undefined,
        image: user.image ? `/image/${encodeURIComponent(user.image)}` : undefined,
        knowsAbout: user.skills.length ? user.skills : undefined,
        url: path,
      },
    },
    feeds: [{ href: `${path}/feed.xml`, title: uz.feeds.author(name) }, siteFeed()],
  };
}

function notFoundHead(text: string = uz.notFound.title): PageHead {
  return { title: title(text), description: uz.notFound.text, type: 'website', noindex: true };
}

/** A 404 from the API is an answer (the thing does not exist), not a failure. */
const found = (value: unknown): LoadResult => (value ? 'ok' : 'not-found');

export const routes: PageRoute[] = [
  { path: '/', page: eager(() => null), redirect: '/page/1', head: () => notFoundHead() },
  {
    path: '/page/:page',
    page: eager(HomeRoute),
    async load({ params, search, client, token }) {
      const list = readListLocation(params.page, search);
      if (!list) return 'not-found';
      const front = list.page === 1 && !list.filter.length && !list.q && list.sort === 'new';
      const [page] = await Promise.all([
        client.ensureQueryData(portfoliosQueryOptions(listParams(list), token)),
        client.prefetchQuery(technologiesQueryOptions()),
        client.prefetchQuery(usersQueryOptions()),
        front ? client.prefetchQuery(weekBestQueryOptions(token)) : undefined,
      ]);
      return isPastLastPage(page, list.page) ? 'not-found' : 'ok';
    },
    head({ params, search, client, token }) {
      const list = readListLocation(params.page, search);
      const page = list
        ? client.getQueryData(portfoliosQueryOptions(listParams(list), token).queryKey)
        : undefined;
      if (list && page && isPastLastPage(page, list.page)) return notFoundHead();
      return listHead(list, page);
    },
  },
  {
    path: '/portfolio/:linktitle',
    page: lazyPage(() => import('./routes/portfolio').then((module) => module.PortfolioRoute)),
    chunk: 'src/app/routes/portfolio.tsx',
    async load({ params, client, token }) {
      return found(await client.ensureQueryData(portfolioQueryOptions(params.linktitle!, token)));
    },
    head: ({ params, client, token }) =>
      portfolioHead(client.getQueryData(portfolioQueryOptions(params.linktitle!, token).queryKey)),
  },
  {
    path: '/portfolio/:linktitle/edit',
    page: lazyPage(() => import('./routes/portfolio-edit').then((module) => module.PortfolioEditRoute)),
    chunk: 'src/app/routes/portfolio-edit.tsx',
    head: privateHead(() => uz.portfolioForm.editTitle),
  },
  {
    path: '/create',
    page: lazyPage(() => import('./routes/create').then((module) => module.CreateRoute)),
    chunk: 'src/app/routes/create.tsx',
    head: privateHead(() => uz.portfolioForm.createTitle),
  },
  {
    path: '/auth/login',
    page: lazyPage(() => import('./routes/login').then((module) => module.LoginRoute)),
    chunk: 'src/app/routes/login.tsx',
    head: privateHead(() => uz.auth.loginTitle),
  },
  {
    path: '/auth/register',
    page: lazyPage(() => import('./routes/register').then((module) => module.RegisterRoute)),
    chunk: 'src/app/routes/register.tsx',
    head: privateHead(() => uz.auth.registerTitle),
  },
  {
    path: '/auth/register/emailverification',
    page: lazyPage(() =>
      import('./routes/email-verification').then((module) => module.EmailVerificationRoute),
    ),
    chunk: 'src/app/routes/email-verification.tsx',
    head: privateHead(() => uz.auth.verifyTitle),
  },
  {
    path: '/auth/forgot-password',
    page: lazyPage(() => import('./routes/forgot-password').then((module) => module.ForgotPasswordRoute)),
    chunk: 'src/app/routes/forgot-password.tsx',
    head: privateHead(() => uz.account.forgotTitle),
  },
  {
    path: '/auth/reset-password',
    page: lazyPage(() => import('./routes/reset-password').then((module) => module.ResetPasswordRoute)),
    chunk: 'src/app/routes/reset-password.tsx',
    head: privateHead(() => uz.account.resetTitle),
  },
  {
    path: '/auth/confirm-email',
    page: lazyPage(() => import('./routes/confirm-email').then((module) => module.ConfirmEmailRoute)),
    chunk: 'src/app/routes/confirm-email.tsx',
    head: privateHead(() => uz.account.confirmTitle),
  },
  {
    path: '/following',
    page: lazyPage(() => import('./routes/following').then((module) => module.FollowingRoute)),
    chunk: 'src/app/routes/following.tsx',
    head: privateHead(() => uz.follows.feedTitle),
  },
  {
    path: '/saved',
    page: lazyPage(() => import('./routes/saved').then((module) => module.SavedRoute)),
    chunk: 'src/app/routes/saved.tsx',
    head: privateHead(() => uz.bookmarks.title),
  },
  {
    path: '/notifications',
    page: lazyPage(() => import('./routes/notifications').then((module) => module.NotificationsRoute)),
    chunk: 'src/app/routes/notifications.tsx',
    head: privateHead(() => uz.notifications.title),
  },
  {
    path: '/unsubscribe',
    page: lazyPage(() => import('./routes/unsubscribe').then((module) => module.UnsubscribeRoute)),
    chunk: 'src/app/routes/unsubscribe.tsx',
    head: privateHead(() => uz.notifications.unsubscribeTitle),
  },
  {
    path: '/profile',
    page: lazyPage(() => import('./routes/my-profile').then((module) => module.MyProfileRoute)),
    chunk: 'src/app/routes/my-profile.tsx',
    head: ({ search }) =>
      privateHead(() => (search.get('edit') === '1' ? uz.profileEdit.title : uz.user.myProfile))(),
  },
  {
    path: '/profile/:username',
    page: lazyPage(() => import('./routes/profile').then((module) => module.UserProfileRoute)),
    chunk: 'src/app/routes/profile.tsx',
    async load({ params, client, token }) {
      const [user] = await Promise.all([
        client.ensureQueryData(userQueryOptions(params.username!, token)),
        client.prefetchInfiniteQuery(authorPortfoliosQueryOptions(params.username!)),
      ]);
      return found(user);
    },
    head: ({ params, client, token }) =>
      profileHead(client.getQueryData(userQueryOptions(params.username!, token).queryKey)),
  },
  {
    path: '/admin',
    page: lazyPage(() => import('./routes/admin').then((module) => module.AdminRoute)),
    chunk: 'src/app/routes/admin.tsx',
    head: privateHead(() => uz.moderation.title),
  },
  {
    path: '/about',
    page: lazyPage(() => import('./routes/about').then((module) => module.AboutRoute)),
    chunk: 'src/app/routes/about.tsx',
    head: () => ({
      title: title(uz.about.title),
      description: shorten(uz.about.intro, DESCRIPTION_LENGTH),
      canonical: '/about',
      type: 'website',
    }),
  },
];

export const notFoundRoute: PageRoute = {
  path: '*',
  page: eager(NotFoundRoute),
  head: () => notFoundHead(),
  load: async () => 'not-found',
};

/** The route for a pathname (raw, as in the address bar), or the 404 route. */
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
