import type { Affiliation, OpenToWork, PortfolioRef, User } from '@portfolio-master/contract';
import { CheckIcon } from '../../../components/icons/check';
import { MapPinIcon } from '../../../components/icons/map-pin';
import { PinIcon } from '../../../components/icons/pin';
import { monthYear } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { useLocale, useT } from '../../../i18n/translator';
import { PortfolioCover } from '../../portfolios/components/portfolio-card';
import { WorkBadge } from '../../../components/work-badge';
import { AFFILIATION_NAMES, CITY_NAMES, EMPLOYMENT_NAMES } from '../cv-labels';

/** The badge and what work the person looks for: roles, kinds of employment, remote. */
export function WorkOffer({ offer }: { offer: OpenToWork }) {
  const t = useT();
  if (offer.status === 'not') return null;
  const terms = offer.employment.map((kind) => t(EMPLOYMENT_NAMES[kind]));
  if (offer.remote) terms.push(t('profile.remote'));
  return (
    <div className="work-offer">
      <WorkBadge status={offer.status} />
      {offer.roles.length ? <span className="work-offer__roles">{offer.roles.join(', ')}</span> : null}
      {terms.length ? <span className="muted">{terms.join(' · ')}</span> : null}
    </div>
  );
}

/** Where the person lives and whom they belong to, the latter with a check mark once an admin verified it. */
export function ProfileFacts({ city, affiliation }: { city: User['city']; affiliation: Affiliation | null }) {
  const t = useT();
  if (!city && !affiliation) return null;
  return (
    <ul className="profile-facts">
      {city ? (
        <li>
          <MapPinIcon title={t('profile.city')} /> {t(CITY_NAMES[city])}
        </li>
      ) : null}
      {affiliation ? (
        <li>
          <span>
            <span className="muted">{t(AFFILIATION_NAMES[affiliation.kind])}:</span> {affiliation.name}
          </span>
          {affiliation.verified ? (
            <CheckIcon className="verified-mark" title={t('profile.verified')} />
          ) : null}
        </li>
      ) : null}
    </ul>
  );
}

/** A job or a school as the profile lists it: its dates as written, `to` null while it goes on. */
interface CvEntry {
  title: string;
  place: string;
  from: string;
  to: string | null;
}

/**
 * Experience or education: each entry with its period ("03.2023 – hozirgacha", "March 2023 – May 2024",
 * "2019 – 2023"), its dates formatted by `format`.
 */
function CvSection({
  id,
  title,
  entries,
  format,
}: {
  id: string;
  title: string;
  entries: CvEntry[];
  format: (value: string) => string;
}) {
  const t = useT();
  if (!entries.length) return null;
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      <ol className="cv-list">
        {entries.map((entry, index) => (
          <li key={index} className="cv-entry">
            <h3 className="cv-entry__title">{entry.title}</h3>
            {entry.place ? <p className="cv-entry__place">{entry.place}</p> : null}
            <p className="cv-entry__period muted">
              <time dateTime={entry.from}>{format(entry.from)}</time> –{' '}
              {entry.to === null ? t('profile.present') : <time dateTime={entry.to}>{format(entry.to)}</time>}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ExperienceSection({ experience }: { experience: User['experience'] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <CvSection
      id="experience-title"
      title={t('profile.experienceTitle')}
      entries={experience.map(({ role, company, from, to }) => ({ title: role, place: company, from, to }))}
      format={(month) => monthYear(locale, month)}
    />
  );
}

export function EducationSection({ education }: { education: User['education'] }) {
  const t = useT();
  return (
    <CvSection
      id="education-title"
      title={t('profile.educationTitle')}
      entries={education.map(({ school, field, from, to }) => ({
        title: school,
        place: field,
        from: String(from),
        to: to === null ? null : String(to),
      }))}
      format={(year) => year}
    />
  );
}

/** The portfolios the person put first, in their order; the first cover is the page's largest paint. */
export function PinnedPortfolios({ pinned, author }: { pinned: PortfolioRef[]; author: User }) {
  const t = useT();
  if (!pinned.length) return null;
  return (
    <section aria-labelledby="pinned-title">
      <h2 id="pinned-title" className="section-title">
        <PinIcon /> {t('profile.pinnedTitle')}
      </h2>
      <div className="grid">
        {pinned.map((portfolio, index) => (
          <article key={portfolio._id} className="card portfolio-card">
            <PortfolioCover portfolio={portfolio} author={author} priority={index === 0} />
            <div className="portfolio-card__body">
              <h3 className="portfolio-card__title">
                <Link to={`/portfolio/${encodeURIComponent(portfolio.linktitle)}`} className="stretched-link">
                  {portfolio.title}
                </Link>
              </h3>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
