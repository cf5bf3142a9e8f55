import { fullName, markdownToText, shorten } from '@portfolio-master/contract';
import type { Locale } from '@portfolio-master/i18n';
import { toIsoString } from '../../lib/dates.js';
import { parseStringList } from '../../lib/string-list.js';
import { translator } from '../../lib/translators.js';
import { type CvFacts, linkTo, profilePath, siteAddress } from './cv-view.js';

/** The JSON Resume schema's version these documents follow. */
const SCHEMA_VERSION = 'v1.0.0';
/** A project's description is its first words, as a list of works shows them. */
const PROJECT_SUMMARY = 200;

/** The handle of a profile link, written as an address or as "@name". */
function handleOf(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value.replace(/^@/, '');
  const parts = new URL(value).pathname.split('/').filter(Boolean);
  return parts.at(-1) ?? '';
}

const omitEmpty = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== '' && item !== undefined),
  ) as Partial<T>;

/**
 * The profile as JSON Resume (jsonresume.org/schema): what people wrote as written; only the region's
 * name, the one text made here, is in the reader's language.
 */
export function jsonResume(facts: CvFacts, locale: Locale, publicUrl: string, canonical: string): object {
  const { row, cv, pinned } = facts;
  const profile = siteAddress(publicUrl, profilePath(row.username), locale);
  const profiles = [
    row.github_profile && {
      network: 'GitHub',
      username: handleOf(row.github_profile),
      url: linkTo(row.github_profile, 'https://github.com/'),
    },
    row.telegram_profile && {
      network: 'Telegram',
      username: handleOf(row.telegram_profile),
      url: linkTo(row.telegram_profile, 'https://t.me/'),
    },
    cv.linkedin && { network: 'LinkedIn', username: handleOf(cv.linkedin), url: cv.linkedin },
  ].filter((entry) => typeof entry === 'object');
  return {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: omitEmpty({
      name: fullName(row),
      label: cv.headline,
      email: row.email_public === 1 && row.email ? row.email : undefined,
      url: cv.website || profile,
      summary: row.description.trim(),
      location: cv.city
        ? {
            region: translator(locale).t(`city.${cv.city}`),
            ...(cv.city === 'boshqa' ? {} : { countryCode: 'UZ' }),
          }
        : undefined,
      profiles,
    }),
    work: cv.experience.map((job) => ({
      name: job.company,
      position: job.role,
      startDate: job.from,
      ...(job.to === null ? {} : { endDate: job.to }),
    })),
    education: cv.education.map((school) => ({
      institution: school.school,
      ...(school.field ? { area: school.field } : {}),
      startDate: String(school.from),
      ...(school.to === null ? {} : { endDate: String(school.to) }),
    })),
    skills: parseStringList(row.skills).map((name) => ({ name })),
    projects: pinned.map((work) => ({
      name: work.title,
      url:
        work.url ||
        work.repoUrl ||
        siteAddress(publicUrl, `/portfolio/${encodeURIComponent(work.linktitle)}`, locale),
      keywords: work.technologies,
      ...(work.description.trim()
        ? { description: shorten(markdownToText(work.description), PROJECT_SUMMARY) }
        : {}),
    })),
    meta: { canonical, version: SCHEMA_VERSION, lastModified: toIsoString(row.updated_at).slice(0, 19) },
  };
}
