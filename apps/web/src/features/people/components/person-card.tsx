import type { PersonCard as Person } from '@portfolio-master/contract';
import { Avatar, fullName } from '../../../components/avatar';
import { CheckIcon } from '../../../components/icons/check';
import { MapPinIcon } from '../../../components/icons/map-pin';
import { useT } from '../../../i18n/translator';
import { Link } from '../../../lib/router';
import { CITY_NAMES } from '../../users/cv-labels';
import { WorkBadge } from '../../../components/work-badge';

/** One person of the directory: who they are, where, whether they look for work, and what they do. */
export function PersonCard({ person }: { person: Person }) {
  const t = useT();
  return (
    <article className="card person-card">
      <Link to={`/profile/${encodeURIComponent(person.username)}`} className="person-card__head">
        <Avatar user={person} size={56} decorative />
        <span className="person-card__who">
          <span className="person-card__name">{fullName(person)}</span>
          <span className="muted person-card__username">@{person.username}</span>
        </span>
      </Link>
      {person.headline ? <p className="person-card__headline">{person.headline}</p> : null}
      <p className="person-card__facts">
        <WorkBadge status={person.openToWork} />
        {person.city ? (
          <span className="person-card__city">
            <MapPinIcon aria-hidden="true" /> {t(CITY_NAMES[person.city])}
          </span>
        ) : null}
        {person.affiliation ? (
          <span className="person-card__affiliation">
            {person.affiliation.name}
            {person.affiliation.verified ? (
              <CheckIcon aria-label={t('directory.verified')} role="img" />
            ) : null}
          </span>
        ) : null}
      </p>
      {person.skills.length ? (
        <ul className="tags person-card__skills" aria-label={t('user.skillsTitle')}>
          {person.skills.map((skill) => (
            <li key={skill} className="tag">
              {skill}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted person-card__counts">
        <span>{t('directory.portfolios', { count: person.portfoliosCount })}</span>
        <span>{t('directory.likes', { count: person.likesReceived })}</span>
        <span>{t('directory.followers', { count: person.followersCount })}</span>
      </p>
    </article>
  );
}
