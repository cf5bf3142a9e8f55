import { authorPortfoliosQueryOptions } from '../../features/portfolios/api/get-portfolios';
import { userQueryOptions } from '../../features/users/api/get-user';
import { found, type Loader } from '../route';

/** Outside the page's chunk: the browser starts it while that chunk is still on its way. */
export const loadProfile: Loader = async ({ params, client, token }) => {
  const [user] = await Promise.all([
    client.ensureQueryData(userQueryOptions(params.username!, token)),
    client.prefetchInfiniteQuery(authorPortfoliosQueryOptions(params.username!)),
  ]);
  return found(user);
};
