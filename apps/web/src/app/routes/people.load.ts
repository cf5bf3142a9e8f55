import { peopleQueryOptions } from '../../features/people/api/get-people';
import { readPeopleLocation } from '../../features/people/people-query';
import type { Loader } from '../route';

/** Outside the page's chunk: the browser starts it while that chunk is still on its way. */
export const loadPeople: Loader = async ({ search, client }) => {
  const location = readPeopleLocation(search);
  if (!location) return 'not-found';
  const page = await client.ensureQueryData(peopleQueryOptions(location));
  return location.page > 1 && location.page > page.pageCount ? 'not-found' : 'ok';
};
