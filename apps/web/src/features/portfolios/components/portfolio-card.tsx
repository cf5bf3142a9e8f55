import { PAGE_SIZE } from '@portfolio-master/contract/constants';
import type { PortfolioSummary } from '@portfolio-master/contract';
import type { ComponentProps } from 'react';
import { Link } from '../../../lib/router';
import { AdminBadge, Avatar, fullName } from '../../../components/avatar';
import { WorkBadge } from '../../../components/work-badge';
import { CommentIcon } from '../../../components/icons/comment';
import { HeartIcon } from '../../../components/icons/heart';
import { StarIcon } from '../../../components/icons/star';
import { LazyImage } from '../../../components/lazy-image';
import { RelativeDate } from '../../../components/relative-date';
import { imageSrcSet, imageUrl } from '../../../lib/image-url';
import { useT } from '../../../i18n/translator';
import { GeneratedCover } from './generated-cover';
import { CoauthorChips } from './coauthor-chips';
import { imageAlt } from '../image-alt';

export const CARD_IMAGE_SIZES = '(min-width: 1100px) 360px, (min-width: 700px) 45vw, 100vw';

/** A card's cover: the portfolio's first image, or one drawn from its title and its author's avatar. */
export function PortfolioCover({
  portfolio,
  author,
  priority,
}: {
  portfolio: Pick<PortfolioSummary, 'title' | 'images' | 'imageAlts'>;
  author: ComponentProps<typeof GeneratedCover>['author'];
  priority: boolean;
}) {
  const t = useT();
  const cover = portfolio.images[0];
  return (
    <div className="portfolio-card__media">
      {cover ? (
        <LazyImage
          src={imageUrl(cover, 512)}
          srcSet={imageSrcSet(cover, 256)}
          sizes={CARD_IMAGE_SIZES}
          alt={imageAlt(portfolio.imageAlts, 0) || t('card.cover', { title: portfolio.title })}
          ratio={16 / 10}
          priority={priority}
        />
      ) : (
        <GeneratedCover title={portfolio.title} author={author} />
      )}
    </div>
  );
}

export function PortfolioCard({
  portfolio,
  priority = false,
}: {
  portfolio: PortfolioSummary;
  priority?: boolean;
}) {
  const t = useT();
  const href = `/portfolio/${encodeURIComponent(portfolio.linktitle)}`;
  return (
    <article className="card portfolio-card">
      <PortfolioCover portfolio={portfolio} author={portfolio.author} priority={priority} />
      <div className="portfolio-card__body">
        <h2 className="portfolio-card__title">
          <Link to={href} className="stretched-link">
            {portfolio.title}
          </Link>
        </h2>
        <div className="portfolio-card__meta">
          <Link to={`/profile/${encodeURIComponent(portfolio.author.username)}`} className="author-chip">
            <Avatar user={portfolio.author} size={30} decorative />
            <span>{fullName(portfolio.author)}</span>
            {portfolio.author.isAdmin ? <AdminBadge /> : null}
          </Link>
          <CoauthorChips coauthors={portfolio.coauthors} />
          <WorkBadge status={portfolio.author.openToWork} small />
          <RelativeDate date={portfolio.date} className="muted" />
        </div>
        {portfolio.used.length ? (
          <ul className="tags" aria-label={t('portfolio.technologies')}>
            {portfolio.used.slice(0, 5).map((name) => (
              <li key={name} className="tag">
                {name}
              </li>
            ))}
            {portfolio.used.length > 5 ? (
              <li className="tag tag--more">+{portfolio.used.length - 5}</li>
            ) : null}
          </ul>
        ) : null}
        <div className="portfolio-card__stats">
          <span className={portfolio.likedByMe ? 'is-liked' : undefined}>
            <HeartIcon filled={portfolio.likedByMe} /> {t('card.likes', { count: portfolio.likesCount })}
          </span>
          <span>
            <CommentIcon /> {t('card.comments', { count: portfolio.commentsCount })}
          </span>
          {portfolio.github ? (
            <span title={t('github.starsLabel', { stars: portfolio.github.stars })}>
              <StarIcon /> {t('github.stars', { stars: portfolio.github.stars })}
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function PortfolioCardSkeleton() {
  return (
    <div className="card portfolio-card portfolio-card--skeleton" aria-hidden="true">
      <div className="portfolio-card__media skeleton" />
      <div className="portfolio-card__body">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

/** A page of card placeholders while the list loads. */
export function PortfolioGridSkeleton() {
  return (
    <div className="grid" aria-busy="true">
      {Array.from({ length: PAGE_SIZE }, (_, index) => (
        <PortfolioCardSkeleton key={index} />
      ))}
    </div>
  );
}
