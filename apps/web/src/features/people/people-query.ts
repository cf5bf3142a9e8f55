import type { CityCode, PeopleSort } from '@portfolio-master/contract';
import { CITIES, LIMITS } from '@portfolio-master/contract/constants';
import type { MessageKey } from '@portfolio-master/i18n';

/** The directory's sorts, each named by its key (decision 38: keys are literal). The first is the default. */
export const SORT_NAMES = {
  liked: 'directory.sort.liked',
  new: 'directory.sort.new',
  followed: 'directory.sort.followed',
} as const satisfies Record<PeopleSort, MessageKey>;

const SORTS = Object.keys(SORT_NAMES) as PeopleSort[];
export const CITY_CODES: readonly CityCode[] = CITIES;
/** The longest search the API takes. */
export const SEARCH_MAX = 200;

/** What a directory address asks for: `/people?q=&technology=&city=&openToWork=true&sort=&page=`. */
export interface PeopleLocation {
  q: string;
  technology: string;
  city: CityCode | '';
  openToWork: boolean;
  sort: PeopleSort;
  page: number;
}

export const ALL_PEOPLE: PeopleLocation = {
  q: '',
  technology: '',
  city: '',
  openToWork: false,
  sort: 'liked',
  page: 1,
};

/**
 * Reads the address as the GET form sends it (empty fields included); null when it asks for what does not
 * exist: a page that is not a plain positive whole number, an unknown city or sort, words longer than the
 * API takes.
 */
export function readPeopleLocation(search: URLSearchParams): PeopleLocation | null {
  const pageParam = search.get('page');
  const page = pageParam === null || pageParam === '' ? 1 : Number(pageParam);
  if (!Number.isSafeInteger(page) || page < 1 || (pageParam && String(page) !== pageParam)) return null;
  const city = search.get('city') ?? '';
  if (city !== '' && !(CITY_CODES as readonly string[]).includes(city)) return null;
  const sort = search.get('sort') || 'liked';
  if (!(SORTS as string[]).includes(sort)) return null;
  const q = (search.get('q') ?? '').trim();
  const technology = (search.get('technology') ?? '').trim();
  if (q.length > SEARCH_MAX || technology.length > LIMITS.technologies.itemMax) return null;
  return {
    q,
    technology,
    city: city as CityCode | '',
    openToWork: ['true', 'on', '1'].includes(search.get('openToWork') ?? ''),
    sort: sort as PeopleSort,
    page,
  };
}

/** The query string of a location, without what is left at its default. */
export function peopleSearch(location: PeopleLocation): string {
  const search = new URLSearchParams();
  if (location.q) search.set('q', location.q);
  if (location.technology) search.set('technology', location.technology);
  if (location.city) search.set('city', location.city);
  if (location.openToWork) search.set('openToWork', 'true');
  if (location.sort !== 'liked') search.set('sort', location.sort);
  if (location.page > 1) search.set('page', String(location.page));
  return search.toString();
}

export function peopleHref(location: PeopleLocation): string {
  const search = peopleSearch(location);
  return `/people${search ? `?${search}` : ''}`;
}

/** Whether anything narrows the list. */
export const isNarrowed = (location: PeopleLocation) =>
  location.q !== '' || location.technology !== '' || location.city !== '' || location.openToWork;
