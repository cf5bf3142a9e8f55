import { withMessages } from '../../i18n/messages';
import { deferredPart } from '../../lib/lazy-page';

/**
 * A portfolio's comment section, below the fold: its own chunk, which the portfolio's loader preloads (the
 * server renders it; a click inside the app shows it at once) and a first visit fetches only as the
 * reader nears it (`PortfolioComments`).
 */
export const commentsPart = deferredPart(
  withMessages(
    'src/features/comments/components/comment-section.tsx',
    () => import('./components/comment-section'),
  ),
);
