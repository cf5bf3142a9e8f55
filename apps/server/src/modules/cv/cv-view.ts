import { fullName } from '@portfolio-master/contract';
import type { ProfileCv } from '@portfolio-master/contract';
import { LOCALE_INFO, LOCALES, localizePath, type Locale } from '@portfolio-master/i18n';
import type { UserRow } from '../../db/schema.js';
import { parseStringList } from '../../lib/string-list.js';
import { translator } from '../../lib/translators.js';

/** A pinned portfolio as the CV shows it. */
export interface PinnedWork {
  title: string;
  linktitle: string;
  /** Its own address (its site), as its author wrote it; '' when none. */
  url: string;
  repoUrl: string | null;
  description: string;
  technologies: string[];
}

/** What a CV is made of: the account's row as read, what it says as a CV, and its public pins in order. */
export interface CvFacts {
  row: UserRow;
  cv: ProfileCv;
  pinned: PinnedWork[];
}

export interface CvLink {
  label: string;
  text: string;
  href: string;
}

export interface CvEntry {
  title: string;
  place: string;
  dates: string;
}

/**
 * A CV as drawn, in one language: what people wrote as written, the labels and dates in the language.
 * The PDF's name holds a hash of it, so everything drawn is here.
 */
export interface CvView {
  locale: Locale;
  lang: string;
  name: string;
  headline: string;
  about: string;
  contacts: CvLink[];
  region: string | null;
  skills: string[];
  work: { status: string; roles: string[]; employment: string[]; remote: string | null } | null;
  affiliation: { kind: string; name: string; verified: string | null } | null;
  experience: CvEntry[];
  education: CvEntry[];
  pinned: { title: string; address: string; links: string[]; technologies: string[] }[];
  labels: {
    title: string;
    contacts: string;
    region: string;
    about: string;
    skills: string;
    openToWork: string;
    roles: string;
    employment: string;
    affiliation: string;
    experience: string;
    education: string;
    pinned: string;
    technologies: string;
    link: string;
    formats: string;
  };
}

/** A profile link as written (an address, or a handle such as "@ali") made an address under `base`. */
export const linkTo = (value: string, base: string) =>
  /^https?:\/\//i.test(value) ? value : `${base}${value.replace(/^@/, '')}`;

/** The site's address of a page in a language. */
export const siteAddress = (publicUrl: string, path: string, locale: Locale) =>
  `${publicUrl}${localizePath(locale, path)}`;

export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** The page at `path` in every language, then `x-default`, its Latin Uzbek address. */
export function alternates(publicUrl: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...LOCALES.map((locale) => ({
      hreflang: LOCALE_INFO[locale].tag,
      href: siteAddress(publicUrl, path, locale),
    })),
    { hreflang: 'x-default', href: siteAddress(publicUrl, path, 'uz-Latn') },
  ];
}

/**
 * A month a person wrote ("2023-03"): "03.2023" in Uzbek, "March 2023", "март 2023 г.", as the profile
 * writes it (decision 38). It names no moment, so it is read in UTC and never moves a month.
 */
export function monthYear(locale: Locale, month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const { formatTag, tag } = LOCALE_INFO[locale];
  return new Intl.DateTimeFormat(formatTag, {
    month: formatTag === tag ? 'long' : '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** What the CV shows of a profile, in `locale`; `publicUrl` makes the site's addresses. */
export function cvView(facts: CvFacts, locale: Locale, publicUrl: string): CvView {
  const { row, cv, pinned } = facts;
  const { t } = translator(locale);
  const range = (from: string, to: string | null) => `${from} – ${to ?? t('cv.present')}`;
  const contacts: CvLink[] = [];
  const add = (label: string, value: string | null | undefined, href: (value: string) => string) => {
    if (value) contacts.push({ label, text: value, href: href(value) });
  };
  // The address is on the CV only when its owner made it public.
  add(t('cv.email'), row.email_public === 1 ? row.email : null, (email) => `mailto:${email}`);
  add(t('cv.website'), cv.website, (url) => url);
  add('LinkedIn', cv.linkedin, (url) => url);
  add('GitHub', row.github_profile, (value) => linkTo(value, 'https://github.com/'));
  add('Telegram', row.telegram_profile, (value) => linkTo(value, 'https://t.me/'));
  const profile = siteAddress(publicUrl, profilePath(row.username), locale);
  add(t('cv.profile'), profile, (url) => url);
  const { openToWork, affiliation } = cv;
  return {
    locale,
    lang: LOCALE_INFO[locale].tag,
    name: fullName(row),
    headline: cv.headline,
    about: row.description.trim(),
    contacts,
    region: cv.city ? t(`city.${cv.city}`) : null,
    skills: parseStringList(row.skills),
    work:
      openToWork.status === 'not'
        ? null
        : {
            status: t(`workStatus.${openToWork.status}`),
            roles: openToWork.roles,
            employment: openToWork.employment.map((kind) => t(`employment.${kind}`)),
            remote: openToWork.remote ? t('cv.remote') : null,
          },
    affiliation: affiliation && {
      kind: t(`affiliation.${affiliation.kind}`),
      name: affiliation.name,
      verified: affiliation.verified ? t('cv.verified') : null,
    },
    experience: cv.experience.map((job) => ({
      title: job.role,
      place: job.company,
      dates: range(monthYear(locale, job.from), job.to && monthYear(locale, job.to)),
    })),
    education: cv.education.map((school) => ({
      title: school.school,
      place: school.field,
      dates: range(String(school.from), school.to === null ? null : String(school.to)),
    })),
    pinned: pinned.map((work) => ({
      title: work.title,
      address: siteAddress(publicUrl, `/portfolio/${encodeURIComponent(work.linktitle)}`, locale),
      links: [...new Set([work.url, work.repoUrl ?? ''])].filter(Boolean),
      technologies: work.technologies,
    })),
    labels: {
      title: t('cv.title', { name: fullName(row) }),
      contacts: t('cv.contacts'),
      region: t('cv.region'),
      about: t('cv.about'),
      skills: t('cv.skills'),
      openToWork: t('cv.openToWork'),
      roles: t('cv.roles'),
      employment: t('cv.employment'),
      affiliation: t('cv.affiliation'),
      experience: t('cv.experience'),
      education: t('cv.education'),
      pinned: t('cv.pinned'),
      technologies: t('cv.technologies'),
      link: t('cv.link'),
      formats: t('cv.formats'),
    },
  };
}
