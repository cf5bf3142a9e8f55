import type { SearchType } from '@portfolio-master/contract';
import type { MessageKey } from '@portfolio-master/i18n';

/** The search page's tabs in order, each named by its key (decision 38: keys are literal); the first is the default. */
export const TAB_NAMES = {
  portfolios: 'searchPage.tab.portfolios',
  people: 'searchPage.tab.people',
  technologies: 'searchPage.tab.technologies',
} as const satisfies Record<SearchType, MessageKey>;

export const SEARCH_TABS = Object.keys(TAB_NAMES) as SearchType[];

/** The longest query the API takes. */
const QUERY_MAX = 200;

/** What a search address asks for: `/search?q=&type=&page=`. */
export interface SearchLocation {
  q: string;
  type: SearchType;
  page: number;
}

/**
 * Reads the address as the GET form sends it; null when it asks for what does not exist: a page that is
 * not a plain positive whole number, an unknown tab, a query longer than the API takes.
 */
export function readSearchLocation(search: URLSearchParams): SearchLocation | null {
  const pageParam = search.get('page');
  const page = pageParam === null || pageParam === '' ? 1 : Number(pageParam);
  if (!Number.isSafeInteger(page) || page < 1 || (pageParam && String(page) !== pageParam)) return null;
  const type = search.get('type') || 'portfolios';
  if (!(SEARCH_TABS as string[]).includes(type)) return null;
  const q = (search.get('q') ?? '').trim();
  if (q.length > QUERY_MAX) return null;
  return { q, type: type as SearchType, page };
}

/** The query string of a location, defaults left out. */
export function searchParams(location: SearchLocation): string {
  const params = new URLSearchParams();
  params.set('q', location.q);
  if (location.type !== 'portfolios') params.set('type', location.type);
  if (location.page > 1) params.set('page', String(location.page));
  return params.toString();
}

export const searchHref = (location: SearchLocation) => `/search?${searchParams(location)}`;
