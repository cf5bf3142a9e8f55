import { useEffect, useState } from 'react';
import { Link, useHref, useNavigate, useParams } from '../../lib/router';
import { AdminBadge, Avatar, fullName } from '../../components/avatar';
import { WorkBadge } from '../../components/work-badge';
import { BackBar } from '../../components/back-bar';
import { LazyDialog, preloadDialog } from '../../components/lazy-dialog';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorView } from '../../components/error-view';
import { StarIcon } from '../../components/icons/star';
import { CodeIcon } from '../../components/icons/code';
import { EditIcon } from '../../components/icons/edit';
import { ExternalIcon } from '../../components/icons/external';
import { TrashIcon } from '../../components/icons/trash';
import { RelativeDate } from '../../components/relative-date';
import { PageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth/api/get-me';
import { PortfolioComments } from '../../features/comments/components/portfolio-comments';
import { SaveButton } from '../../features/bookmarks/components/save-button';
import { ViewCounter, ViewsChart } from '../../features/views/views';
import { PortfolioHiddenNotice } from '../../features/moderation/components/moderation-notices';
import { ReportAction } from '../../features/moderation/components/report-action';
import { Likers } from '../../features/likes/components/likers';
import { useDeletePortfolio } from '../../features/portfolios/api/delete-portfolio';
import { portfolioQueryOptions, usePortfolio } from '../../features/portfolios/api/get-portfolio';
import { GeneratedCover } from '../../features/portfolios/components/generated-cover';
import { LikeButton } from '../../features/portfolios/components/like-button';
import { TelegramShare } from '../../features/share/components/telegram-share';
import { PortfolioEmbed } from '../../features/portfolios/components/portfolio-embed';
import { Markdown } from '../../features/portfolios/components/markdown';
import { PortfolioSlider } from '../../features/portfolios/components/portfolio-slider';
import { RelatedPortfolios } from '../../features/portfolios/components/related-portfolios';
import { listHref } from '../../features/portfolios/list-query';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../i18n/translator';
import { keepForOffline } from '../../lib/service-worker';
import { markdownToText } from '@portfolio-master/contract/plain-text';
import { shorten } from '@portfolio-master/contract/shorten';
import { DESCRIPTION_LENGTH, notFoundHead, siteFeed, title, type PageHead } from '../../lib/head';
import type { HeadContext, Page } from '../route';
import { CoauthorChips } from '../../features/portfolios/components/coauthor-chips';
import { LeaveCoauthorship } from '../../features/portfolios/components/leave-coauthorship';
import type { AuthorRef } from '@portfolio-master/contract';

export function PortfolioRoute() {
  const t = useT();
  const { linktitle = '' } = useParams();
  const { token, isSignedIn, user } = useAuth();
  const query = usePortfolio(linktitle, token, { publicWhileLoading: true });
  const navigate = useNavigate();
  const remove = useDeletePortfolio();
  const [confirming, setConfirming] = useState(false);
  const found = Boolean(query.data);
  const address = useHref(`/portfolio/${encodeURIComponent(linktitle)}`);
  // Read here, so readable offline later (a page loaded in full is kept by the worker on its own).
  useEffect(() => {
    if (found) void keepForOffline(address).catch(() => undefined);
  }, [found, address]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data === null) {
    return (
      <div className="container page page--narrow">
        <BackBar />
        {query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <div className="empty">
            <h1>{t('portfolio.notFoundTitle')}</h1>
            <p>{t('portfolio.notFound')}</p>
            <Link to="/page/1" className="button button--primary">
              {t('notFound.home')}
            </Link>
          </div>
        )}
      </div>
    );
  }

  const portfolio = query.data;
  const queryKey = portfolioQueryOptions(linktitle, token).queryKey;
  const canManage = Boolean(user && (user.isAdmin || user._id === portfolio.author._id));

  return (
    <div className="container page">
      <ViewCounter portfolioId={portfolio._id} />
      <BackBar />
      <PortfolioHiddenNotice hidden={portfolio.hidden} />
      <div className="portfolio-page">
        <div className="portfolio-page__media">
          <header className="portfolio-head">
            <h1>{portfolio.title}</h1>
            <div className="author-line">
              <Link to={`/profile/${encodeURIComponent(portfolio.author.username)}`} className="author-chip">
                <Avatar user={portfolio.author} size={30} decorative />
                <span>{fullName(portfolio.author)}</span>
                {portfolio.author.isAdmin ? <AdminBadge /> : null}
              </Link>
              <CoauthorChips coauthors={portfolio.coauthors} />
              <WorkBadge status={portfolio.author.openToWork} small />
              <span>
                {t('portfolio.published')} <RelativeDate date={portfolio.date} />
              </span>
            </div>
          </header>
          {portfolio.images.length ? (
            <PortfolioSlider
              images={portfolio.images}
              imageAlts={portfolio.imageAlts}
              title={portfolio.title}
            />
          ) : (
            <div className="cover-frame">
              <GeneratedCover title={portfolio.title} author={portfolio.author} />
            </div>
          )}
        </div>
        <aside className="portfolio-page__side">
          <section className="panel link-list">
            <LikeButton portfolio={portfolio} queryKey={queryKey} signedIn={isSignedIn} />
            <Likers portfolioId={portfolio._id} count={portfolio.likesCount} />
            <SaveButton portfolioId={portfolio._id} signedIn={isSignedIn} />
            <a
              href={portfolio.url}
              target="_blank"
              rel="noopener noreferrer"
              className="button button--primary"
            >
              <ExternalIcon />
              {t('portfolio.project')}
            </a>
            {portfolio.repoUrl ? (
              <a
                href={portfolio.repoUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="button button--ghost"
              >
                <CodeIcon />
                {t('portfolio.repository')}
              </a>
            ) : null}
            {portfolio.github ? (
              <p className="github-stats muted">
                <span>
                  <StarIcon /> {t('github.starsLabel', { stars: portfolio.github.stars })}
                </span>
                {portfolio.github.language ? (
                  <span>{t('github.language', { language: portfolio.github.language })}</span>
                ) : null}
              </p>
            ) : null}
            <TelegramShare
              path={`/portfolio/${encodeURIComponent(portfolio.linktitle)}`}
              text={portfolio.title}
            />
            <ReportAction
              target="portfolio"
              id={portfolio._id}
              ownerId={portfolio.author._id}
              label={portfolio.title}
            />
          </section>
          <section className="panel" aria-labelledby="technologies-title">
            <h2 id="technologies-title" className="panel__title">
              {t('portfolio.technologies')}
            </h2>
            <ul className="tags">
              {portfolio.used.map((name) => (
                <li key={name}>
                  <Link to={listHref(1, [name])} className="tag">
                    {name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <PortfolioEmbed portfolio={portfolio} />
          {canManage ? (
            <section className="panel actions actions--fill">
              <Link
                to={`/portfolio/${encodeURIComponent(portfolio.linktitle)}/edit`}
                className="button button--ghost"
              >
                <EditIcon />
                {t('portfolio.edit')}
              </Link>
              <button
                type="button"
                className="button button--ghost"
                {...preloadDialog}
                onClick={() => setConfirming(true)}
              >
                <TrashIcon />
                {t('portfolio.delete')}
              </button>
            </section>
          ) : null}
          {user && portfolio.coauthors?.some((person) => person._id === user._id) ? (
            <LeaveCoauthorship portfolioId={portfolio._id} />
          ) : null}
          {canManage ? <ViewsChart portfolioId={portfolio._id} /> : null}
        </aside>
        <div className="portfolio-page__details">
          <section className="panel" aria-labelledby="description-title">
            <h2 id="description-title" className="panel__title">
              {t('portfolio.description')}
            </h2>
            {portfolio.description.trim() ? (
              <ErrorBoundary>
                <Markdown html={portfolio.descriptionHtml} />
              </ErrorBoundary>
            ) : (
              <p className="muted">{t('portfolio.noDescription')}</p>
            )}
          </section>
          <ErrorBoundary>
            <PortfolioComments linktitle={linktitle} />
          </ErrorBoundary>
        </div>
      </div>
      <ErrorBoundary>
        <RelatedPortfolios linktitle={linktitle} token={token} />
      </ErrorBoundary>
      <LazyDialog
        message={
          confirming ? (
            <>
              <p>{t('portfolio.deleteConfirm')}</p>
              {remove.isError ? (
                <p className="form-alert" role="alert">
                  {errorMessage(t, remove.error)}
                </p>
              ) : null}
            </>
          ) : null
        }
        onClose={() => setConfirming(false)}
        onCancel={() => setConfirming(false)}
        onOk={() =>
          remove.mutate(portfolio._id, {
            onSuccess: () =>
              navigate('/page/1', { replace: true, state: { notice: t('portfolio.deleted') } }),
          })
        }
        loading={remove.isPending}
        danger
      />
    </div>
  );
}

const personLd = (person: AuthorRef) => ({
  '@type': 'Person',
  name: fullName(person),
  alternateName: person.username,
  url: `/profile/${encodeURIComponent(person.username)}`,
});

function head({ params, client, token, t }: HeadContext): PageHead {
  const portfolio = client.getQueryData(portfolioQueryOptions(params.linktitle!, token).queryKey);
  if (!portfolio) return notFoundHead(t, t('portfolio.notFoundTitle'));
  const path = `/portfolio/${encodeURIComponent(portfolio.linktitle)}`;
  const author = fullName(portfolio.author);
  const text = markdownToText(portfolio.description);
  const image = `/og/portfolio/${encodeURIComponent(portfolio.linktitle)}.png`;
  const authorPath = `/profile/${encodeURIComponent(portfolio.author.username)}`;
  return {
    title: title(t, portfolio.title),
    description: shorten(
      text ||
        (portfolio.used.length
          ? t('portfolio.metaDescriptionUsing', {
              title: portfolio.title,
              author,
              technologies: portfolio.used.join(', '),
            })
          : t('portfolio.metaDescription', { title: portfolio.title, author })),
      DESCRIPTION_LENGTH,
    ),
    canonical: path,
    oembed: true,
    image,
    imageAlt: t('card.cover', { title: portfolio.title }),
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: portfolio.title,
      headline: portfolio.title,
      description: shorten(text, 300) || undefined,
      url: path,
      image,
      dateCreated: portfolio.date,
      datePublished: portfolio.date,
      dateModified: portfolio.updatedAt,
      keywords: portfolio.used.join(', ') || undefined,
      // Made together: every accepted author (docs/decisions/0056-co-authors.md).
      author: portfolio.coauthors?.length
        ? [portfolio.author, ...portfolio.coauthors].map(personLd)
        : personLd(portfolio.author),
      sameAs: [portfolio.url, portfolio.repoUrl].filter(Boolean),
      interactionStatistic: [
        {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/LikeAction',
          userInteractionCount: portfolio.likesCount,
        },
        {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/CommentAction',
          userInteractionCount: portfolio.commentsCount,
        },
      ],
    },
    feeds: [{ href: `${authorPath}/feed.xml`, title: t('feeds.author', { name: author }) }, siteFeed(t)],
  };
}

export const page: Page = { Component: PortfolioRoute, head };
