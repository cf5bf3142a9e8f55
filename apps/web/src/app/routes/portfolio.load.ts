import { portfolioQueryOptions } from '../../features/portfolios/api/get-portfolio';
import { found, type Loader } from '../route';

/** Outside the page's chunk: the browser starts it while that chunk is still on its way. */
export const loadPortfolio: Loader = async ({ params, client, token }) =>
  found(await client.ensureQueryData(portfolioQueryOptions(params.linktitle!, token)));
