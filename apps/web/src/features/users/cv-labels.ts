import type { AffiliationKind, CityCode, Employment, User } from '@portfolio-master/contract';
import type { MessageKey } from '@portfolio-master/i18n';

export { WORK_STATUS_NAMES } from '../../components/work-badge';

/*
 * The catalog's names of a CV's codes. Each key is written out (decision 38: keys are literal), so the
 * catalog's test sees every one of them used.
 */

export const CITY_NAMES = {
  'toshkent-shahri': 'city.toshkent-shahri',
  toshkent: 'city.toshkent',
  andijon: 'city.andijon',
  buxoro: 'city.buxoro',
  fargona: 'city.fargona',
  jizzax: 'city.jizzax',
  xorazm: 'city.xorazm',
  namangan: 'city.namangan',
  navoiy: 'city.navoiy',
  qashqadaryo: 'city.qashqadaryo',
  samarqand: 'city.samarqand',
  sirdaryo: 'city.sirdaryo',
  surxondaryo: 'city.surxondaryo',
  qoraqalpogiston: 'city.qoraqalpogiston',
  boshqa: 'city.boshqa',
} as const satisfies Record<CityCode, MessageKey>;

export const EMPLOYMENT_NAMES = {
  full: 'employment.full',
  part: 'employment.part',
  freelance: 'employment.freelance',
  internship: 'employment.internship',
} as const satisfies Record<Employment, MessageKey>;

export const AFFILIATION_NAMES = {
  itpark: 'affiliation.itpark',
  company: 'affiliation.company',
  university: 'affiliation.university',
} as const satisfies Record<AffiliationKind, MessageKey>;

/** A profile link as written (an address, or a handle such as "@ali") made an address under `base`. */
export const linkTo = (value: string, base: string) =>
  /^https?:\/\//i.test(value) ? value : `${base}${value.replace(/^@/, '')}`;

/** The addresses that are the person elsewhere: their site, LinkedIn, GitHub and Telegram. */
export function sameAs(user: User): string[] {
  return [
    user.website,
    user.linkedin,
    user.githubProfile && linkTo(user.githubProfile, 'https://github.com/'),
    user.telegramProfile && linkTo(user.telegramProfile, 'https://t.me/'),
  ].filter(Boolean);
}

/** Where the person works now: the first job of their experience without an end. */
export const currentJob = (user: User) => user.experience.find((entry) => entry.to === null);
