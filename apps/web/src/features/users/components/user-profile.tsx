import type { User } from '@portfolio-master/contract';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { AdminBadge, Avatar, fullName } from '../../../components/avatar';
import { ErrorView } from '../../../components/error-view';
import { GithubIcon } from '../../../components/icons/github';
import { GlobeIcon } from '../../../components/icons/globe';
import { LinkedinIcon } from '../../../components/icons/linkedin';
import { MailIcon } from '../../../components/icons/mail';
import { TelegramIcon } from '../../../components/icons/telegram';
import { RelativeDate } from '../../../components/relative-date';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/translator';
import { BlockButtons } from '../../blocks/components/block-buttons';
import { FollowButton, FollowCounts } from '../../follows/components/follow';
import { TelegramShare } from '../../share/components/telegram-share';
import { AdminAffiliationVerify } from '../../moderation/components/admin-affiliation-verify';
import { ReportAction } from '../../moderation/components/report-action';
import { useAuthorPortfolios } from '../../portfolios/api/get-author-portfolios';
import { PortfolioCard } from '../../portfolios/components/portfolio-card';
import { linkTo } from '../cv-labels';
import { ProfileResume } from './profile-resume';
import { EducationSection, ExperienceSection, PinnedPortfolios, ProfileFacts, WorkOffer } from './profile-cv';

export function UserProfile({
  user,
  own = false,
  actions,
}: {
  user: User;
  own?: boolean;
  /** Controls for the head of the profile, such as the link to edit it. */
  actions?: ReactNode;
}) {
  const t = useT();
  const portfolios = useAuthorPortfolios(user.username);
  // The pinned ones are shown first, on their own: the rest follow in the list's order.
  const pinned = new Set(user.pinned.map((portfolio) => portfolio._id));
  const items = (portfolios.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (portfolio) => !pinned.has(portfolio._id),
  );
  return (
    <>
      <section className="panel profile-head">
        <Avatar user={user} size={100} />
        <div className="profile-head__text">
          <h1>
            {fullName(user)}
            {user.isAdmin ? <AdminBadge /> : null}
          </h1>
          {user.headline ? <p className="profile-head__headline">{user.headline}</p> : null}
          <WorkOffer offer={user.openToWork} />
          <p className="muted" style={{ margin: 0 }}>
            @{user.username} · {t('user.registered')} <RelativeDate date={user.registeredDate} />
          </p>
          <ProfileFacts city={user.city} affiliation={user.affiliation} />
          <FollowCounts user={user} />
          <ul className="profile-links">
            <li>
              {user.email ? (
                <a href={`mailto:${user.email}`}>
                  <MailIcon /> {user.email}
                </a>
              ) : (
                <span className="muted">
                  <MailIcon /> {t('user.emailHidden')}
                </span>
              )}
            </li>
            {user.website ? (
              <li>
                <a href={user.website} target="_blank" rel="me noopener">
                  <GlobeIcon /> {user.website.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '')}
                </a>
              </li>
            ) : null}
            {user.linkedin ? (
              <li>
                <a href={user.linkedin} target="_blank" rel="me noopener">
                  <LinkedinIcon /> LinkedIn
                </a>
              </li>
            ) : null}
            {user.githubProfile ? (
              <li>
                <a
                  href={linkTo(user.githubProfile, 'https://github.com/')}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <GithubIcon /> GitHub
                </a>
              </li>
            ) : null}
            {user.telegramProfile ? (
              <li>
                <a
                  href={linkTo(user.telegramProfile, 'https://t.me/')}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <TelegramIcon /> Telegram
                </a>
              </li>
            ) : null}
          </ul>
        </div>
        <div className="profile-head__actions">
          {actions}
          {own ? null : <FollowButton user={user} />}
          {own ? null : <BlockButtons user={user} />}
          <TelegramShare path={`/profile/${encodeURIComponent(user.username)}`} text={fullName(user)} />
          <AdminAffiliationVerify user={user} />
          {own ? null : (
            <ReportAction target="user" id={user._id} ownerId={user._id} label={fullName(user)} />
          )}
        </div>
      </section>
      <div className="profile-grid">
        {user.description ? (
          <section className="panel">
            <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{user.description}</p>
          </section>
        ) : null}
        {user.skills.length ? (
          <section className="panel" aria-labelledby="skills-title">
            <h2 id="skills-title" className="panel__title">
              {t('user.skillsTitle')}
            </h2>
            <ul className="tags">
              {user.skills.map((skill) => (
                <li key={skill} className="tag">
                  {skill}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <ExperienceSection experience={user.experience} />
        <EducationSection education={user.education} />
        <ProfileResume user={user} />
        <PinnedPortfolios pinned={user.pinned} author={user} />
        <section aria-labelledby="portfolios-title">
          <h2 id="portfolios-title" className="section-title">
            {own
              ? t('user.myPortfolios', { count: user.portfoliosCount })
              : t('user.portfolios', { count: user.portfoliosCount })}
          </h2>
          {portfolios.isPending ? (
            <Spinner />
          ) : portfolios.isError ? (
            <ErrorView error={portfolios.error} onRetry={() => void portfolios.refetch()} />
          ) : items.length === 0 ? (
            // Every portfolio may be pinned above: then there is nothing more to show.
            pinned.size ? null : (
              <div className="empty">
                <p>{t('user.noPortfolios')}</p>
                {own ? (
                  <Link to="/create" className="button button--primary">
                    {t('nav.create')}
                  </Link>
                ) : null}
              </div>
            )
          ) : (
            <div className="grid">
              {/* The first cover is a profile's largest paint: in the server's HTML, loaded at once. */}
              {items.map((portfolio, index) => (
                <PortfolioCard
                  key={portfolio._id}
                  portfolio={portfolio}
                  priority={index === 0 && !pinned.size}
                />
              ))}
            </div>
          )}
          {portfolios.hasNextPage ? (
            <p className="more">
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void portfolios.fetchNextPage()}
                disabled={portfolios.isFetchingNextPage}
              >
                {portfolios.isFetchingNextPage ? <span className="spinner" aria-hidden="true" /> : null}
                {t('user.showMore')}
              </button>
            </p>
          ) : null}
          {portfolios.isFetchNextPageError ? (
            <ErrorView error={portfolios.error} onRetry={() => void portfolios.fetchNextPage()} compact />
          ) : null}
        </section>
      </div>
    </>
  );
}
