import type { Portfolio } from '@portfolio-master/contract';
import { useT } from '../../../i18n/translator';
import { useHref } from '../../../lib/router';
import { siteUrl, useSiteFacts } from '../../../lib/site-url';
import { EmbedSnippets } from '../../share/components/embed-snippets';
import { escapeHtml } from '../../share/snippet-text';

/** The framed card's size in CSS pixels, as the oEmbed answer gives it (decision 42). */
export const PORTFOLIO_CARD_SIZE = { width: 400, height: 160 };

/**
 * What another site pastes to show this portfolio: its framed card, or its address for sites that ask
 * the oEmbed endpoint. A hidden portfolio cannot be framed, so its author is not offered it.
 */
export function PortfolioEmbed({ portfolio }: { portfolio: Portfolio }) {
  const t = useT();
  const site = useSiteFacts();
  const linktitle = encodeURIComponent(portfolio.linktitle);
  const page = useHref(`/portfolio/${linktitle}`);
  const card = useHref(`/embed/portfolio/${linktitle}`);
  if (portfolio.hidden) return null;
  const { width, height } = PORTFOLIO_CARD_SIZE;
  return (
    <section className="panel">
      <EmbedSnippets
        title={t('share.embed.portfolio')}
        snippets={[
          {
            label: t('share.embed.iframe'),
            code: `<iframe src="${escapeHtml(siteUrl(site, card))}" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy" title="${escapeHtml(portfolio.title)}"></iframe>`,
          },
          { label: t('share.embed.address'), code: siteUrl(site, page) },
        ]}
      />
    </section>
  );
}
