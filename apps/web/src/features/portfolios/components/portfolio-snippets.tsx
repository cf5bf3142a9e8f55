import type { Portfolio } from '@portfolio-master/contract';
import { useT } from '../../../i18n/translator';
import { useHref } from '../../../lib/router';
import { siteUrl, useSiteFacts } from '../../../lib/site-url';
import { SnippetFields } from '../../share/components/snippet-fields';
import { escapeHtml } from '../../share/snippet-text';

/** The framed card's size in CSS pixels, as the oEmbed answer gives it (decision 42). */
export const PORTFOLIO_CARD_SIZE = { width: 400, height: 160 };

/** The portfolio's framed card and its address for sites that ask the oEmbed endpoint, to copy. */
export function PortfolioSnippets({ portfolio }: { portfolio: Portfolio }) {
  const t = useT();
  const site = useSiteFacts();
  const linktitle = encodeURIComponent(portfolio.linktitle);
  const page = useHref(`/portfolio/${linktitle}`);
  const card = useHref(`/embed/portfolio/${linktitle}`);
  const { width, height } = PORTFOLIO_CARD_SIZE;
  return (
    <SnippetFields
      snippets={[
        {
          label: t('share.embed.iframe'),
          code: `<iframe src="${escapeHtml(siteUrl(site, card))}" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy" title="${escapeHtml(portfolio.title)}"></iframe>`,
        },
        { label: t('share.embed.address'), code: siteUrl(site, page) },
      ]}
    />
  );
}
