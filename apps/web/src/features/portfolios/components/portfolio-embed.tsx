import type { Portfolio } from '@portfolio-master/contract';
import { lazy } from 'react';
import { withMessages } from '../../../i18n/messages';
import { useT } from '../../../i18n/translator';
import { EmbedSnippets } from '../../share/components/embed-snippets';

const loadSnippets = withMessages(
  'src/features/portfolios/components/portfolio-snippets.tsx',
  () => import('./portfolio-snippets'),
);
const PortfolioSnippets = lazy(() =>
  loadSnippets().then((module) => ({ default: module.PortfolioSnippets })),
);

/**
 * What another site pastes to show this portfolio: its framed card, or its address for sites that ask
 * the oEmbed endpoint. A hidden portfolio cannot be framed, so its author is not offered it.
 */
export function PortfolioEmbed({ portfolio }: { portfolio: Portfolio }) {
  const t = useT();
  if (portfolio.hidden) return null;
  return (
    <section className="panel">
      <EmbedSnippets title={t('share.embed.portfolio')}>
        <PortfolioSnippets portfolio={portfolio} />
      </EmbedSnippets>
    </section>
  );
}
