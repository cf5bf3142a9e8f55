import { isPastLastPage } from '../../features/portfolios/list-query';
import { searchQueryOptions } from '../../features/search/api/get-search';
import { readSearchLocation } from '../../features/search/search-query';
import type { Loader } from '../route';

/** Outside the page's chunk: the browser starts it while that chunk is still on its way. */
export const loadSearch: Loader = async ({ search, client }) => {
  const location = readSearchLocation(search);
  if (!location) return 'not-found';
  const page = await client.ensureQueryData(searchQueryOptions(location));
  return isPastLastPage(page, location.page) ? 'not-found' : 'ok';
};
