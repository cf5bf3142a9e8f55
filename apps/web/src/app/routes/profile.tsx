import { Link, useParams } from '../../lib/router';
import { BackBar } from '../../components/back-bar';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorView } from '../../components/error-view';
import { fullName } from '../../components/avatar';
import { EditIcon } from '../../components/icons/edit';
import { PageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth/api/get-me';
import { userQueryOptions, useUser } from '../../features/users/api/get-user';
import { DraftList } from '../../features/portfolios/components/draft-list';
import { UserProfile } from '../../features/users/components/user-profile';
import { CITY_NAMES, currentJob, sameAs } from '../../features/users/cv-labels';
import { useT } from '../../i18n/translator';
import { shorten } from '@portfolio-master/contract/shorten';
import { DESCRIPTION_LENGTH, notFoundHead, siteFeed, title, type PageHead } from '../../lib/head';
import type { HeadContext, Page } from '../route';

export function EditProfileLink({ onClick }: { onClick?: () => void }) {
  const t = useT();
  return (
    <Link to="/profile?edit=1" className="button button--ghost" onClick={onClick}>
      <EditIcon />
      {t('user.editProfile')}
    </Link>
  );
}

export function UserProfileRoute() {
  const t = useT();
  const { username = '' } = useParams();
  const query = useUser(username);
  const { user: me } = useAuth();
  return (
    <div className="container page">
      <BackBar />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === null ? (
        <div className="empty">
          <h1>{t('user.notFoundTitle')}</h1>
          <p>{t('user.notFound')}</p>
          <Link to="/page/1" className="button button--primary">
            {t('notFound.home')}
          </Link>
        </div>
      ) : (
        <ErrorBoundary>
          <UserProfile
            user={query.data}
            own={me?._id === query.data._id}
            actions={me?._id === query.data._id ? <EditProfileLink /> : null}
          />
          {me?._id === query.data._id ? <DraftList /> : null}
        </ErrorBoundary>
      )}
    </div>
  );
}

function head({ params, client, token, t }: HeadContext): PageHead {
  const user = client.getQueryData(userQueryOptions(params.username!, token).queryKey);
  if (!user) return notFoundHead(t, t('user.notFoundTitle'));
  const name = fullName(user);
  const path = `/profile/${encodeURIComponent(user.username)}`;
  const image = `/og/profile/${encodeURIComponent(user.username)}.png`;
  const about = user.description.trim() || (user.skills.length ? user.skills.join(', ') : '');
  const job = currentJob(user);
  const links = sameAs(user);
  return {
    title: title(t, t('user.profileTitle', { name })),
    description: shorten(
      about
        ? `${name} (@${user.username}): ${about}`
        : t('user.metaDescription', { name, username: user.username }),
      DESCRIPTION_LENGTH,
    ),
    canonical: path,
    oembed: true,
    image,
    imageAlt: t('user.avatarAlt', { name }),
    type: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: path,
      dateCreated: user.registeredDate,
      mainEntity: {
        '@type': 'Person',
        name,
        alternateName: user.username,
        description: user.description.trim() || undefined,
        image: user.image ? `/image/${encodeURIComponent(user.image)}` : undefined,
        knowsAbout: user.skills.length ? user.skills : undefined,
        jobTitle: user.headline || undefined,
        address: user.city
          ? {
              '@type': 'PostalAddress',
              addressLocality: t(CITY_NAMES[user.city]),
              // Every code but "abroad" is a region of Uzbekistan.
              addressCountry: user.city === 'boshqa' ? undefined : 'UZ',
            }
          : undefined,
        worksFor: job ? { '@type': 'Organization', name: job.company } : undefined,
        alumniOf: user.education.length
          ? user.education.map((entry) => ({ '@type': 'EducationalOrganization', name: entry.school }))
          : undefined,
        sameAs: links.length ? links : undefined,
        url: path,
      },
    },
    feeds: [{ href: `${path}/feed.xml`, title: t('feeds.author', { name }) }, siteFeed(t)],
  };
}

export const page: Page = { Component: UserProfileRoute, head };
