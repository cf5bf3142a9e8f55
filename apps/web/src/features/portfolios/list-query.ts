import { LIST_SORTS, type ListSort, listSort, PAGE_SIZE } from '@portfolio-master/contract/constants';
import type { PortfolioPage } from '@portfolio-master/contract';
import type { PortfolioListParams } from './api/get-portfolios';

/** The list's URL: /page/{n}?filter=a,b&q=text. */

export function parseFilter(value: string | null): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of value.split(',')) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

export function listHref(page: number, filter: string[] = [], q = '', sort?: ListSort): string {
  const search = new URLSearchParams();
  if (filter.length) search.set('filter', filter.join(','));
  if (q) search.set('q', q);
  // A search is best match first unless the address says otherwise; a list without one, newest first.
  if (sort !== undefined && sort !== listSort(undefined, q !== '')) search.set('sort', sort);
  const query = search.toString().replace(/%2C/g, ',');
  return `/page/${page}${query ? `?${query}` : ''}`;
}

/**
 * Where a search typed on a list leads: its page 1 with the filter, in the order the reader chose, if
 * they chose one; else in the search's own default (best match first, or newest when it is cleared).
 */
export function searchHref(list: Pick<ListLocation, 'filter' | 'q' | 'sort'>, text: string): string {
  const chosen = list.sort === listSort(undefined, list.q !== '') ? undefined : list.sort;
  return listHref(1, list.filter, text, chosen);
}

/** What a list address asks for. */
export interface ListLocation {
  page: number;
  filter: string[];
  q: string;
  sort: ListSort;
}

/**
 * Reads `/page/{n}?filter=&q=&sort=`; null when the page number is not a plain positive whole number
 * (`/page/0`, `/page/01`, `/page/x` do not exist). A plain HTML form sends `filter` once per checked box;
 * those are read like the comma-separated form.
 */
export function readListLocation(
  pageParam: string | undefined,
  search: URLSearchParams,
): ListLocation | null {
  const page = Number(pageParam);
  if (!Number.isSafeInteger(page) || page < 1 || String(page) !== pageParam) return null;
  const sort = search.get('sort');
  const q = (search.get('q') ?? '').trim();
  return {
    page,
    filter: parseFilter(search.getAll('filter').join(',')),
    q,
    sort: listSort(
      (LIST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListSort) : undefined,
      q !== '',
    ),
  };
}

/** The API request for a list address. */
export function listParams(list: ListLocation): PortfolioListParams {
  return { page: list.page, filter: list.filter, q: list.q, sort: list.sort, limit: PAGE_SIZE };
}

/** Checking adds the technology, unchecking removes it (case-insensitively). */
export function toggleTechnology(current: string[], name: string): string[] {
  const exists = current.some((item) => item.toLowerCase() === name.toLowerCase());
  return exists ? current.filter((item) => item.toLowerCase() !== name.toLowerCase()) : [...current, name];
}

/** Where a toggle leads: page 1 of the new filter; an empty selection goes to /page/1 with no query. */
export function filterToggleHref(current: string[], name: string, q = '', sort?: ListSort): string {
  const next = toggleTechnology(current, name);
  if (next.length === 0) return '/page/1';
  return listHref(1, next, q, sort);
}

/** The last page with items; past it a list page does not exist (page 1 always does). */
export function isPastLastPage(page: Pick<PortfolioPage, 'pageCount'>, number: number): boolean {
  return number > 1 && number > page.pageCount;
}
