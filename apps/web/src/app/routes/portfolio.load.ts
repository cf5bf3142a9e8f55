import { commentsPart } from '../../features/comments/comments-part';
import { portfolioQueryOptions } from '../../features/portfolios/api/get-portfolio';
import { relatedQueryOptions } from '../../features/portfolios/api/get-related';
import { found, type Loader } from '../route';

/**
 * Outside the page's chunk: the browser starts it while that chunk is still on its way. The comment
 * section's chunk comes too: the server renders it, and a page opened inside the app shows it at once
 * (a first visit's browser fetches it only as the reader nears it).
 */
export const loadPortfolio: Loader = async ({ params, client, token }) => {
  const [portfolio] = await Promise.all([
    client.ensureQueryData(portfolioQueryOptions(params.linktitle!, token)),
    // A chunk that fails shows in the section's error boundary, not as the portfolio's failure.
    commentsPart.preload().catch(() => undefined),
    // Below the fold, rendered with the page; a failure leaves the section out, not the page.
    client.prefetchQuery(relatedQueryOptions(params.linktitle!, token)),
  ]);
  return found(portfolio);
};
