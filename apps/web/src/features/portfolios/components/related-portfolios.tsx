import { Link } from '../../../lib/router';
import { fullName } from '../../../components/avatar';
import { useT } from '../../../i18n/translator';
import { useRelated } from '../api/get-related';
import { PortfolioCover } from './portfolio-card';

/**
 * "O‘xshash loyihalar" under a portfolio: small cards, each a link with its cover's description as the
 * picture's alt; nothing when there is nothing alike.
 */
export function RelatedPortfolios({ linktitle, token }: { linktitle: string; token: string | null }) {
  const t = useT();
  const related = useRelated(linktitle, token);
  if (!related.data || related.data.length === 0) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title" className="section-title">
        {t('portfolio.related')}
      </h2>
      <ul className="related__list">
        {related.data.map((portfolio) => (
          <li key={portfolio._id} className="card related__item">
            <PortfolioCover portfolio={portfolio} author={portfolio.author} priority={false} />
            <div className="related__body">
              <Link
                to={`/portfolio/${encodeURIComponent(portfolio.linktitle)}`}
                className="related__title stretched-link"
              >
                {portfolio.title}
              </Link>
              <span className="muted related__author">{fullName(portfolio.author)}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
