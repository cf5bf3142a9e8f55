import { LOCALE_INFO, type Locale } from '@portfolio-master/i18n/locales';
import type { Translate } from '../i18n/translator';

/*
 * Dates, relative times and numbers in the page's language, the same from the server and in every
 * browser (a page's words must not change as the browser takes it over). Numbers and dates go through
 * Intl with the language's `formatTag` (LOCALE_INFO), whose data every runtime carries; formatters are
 * made once per language and kept: they hold nothing of a request.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Uzbekistan keeps UTC+5 all year, so a moment reads the same on the server and in every browser. */
const TIME_ZONE = 'Asia/Tashkent';

const formatters = new Map<string, unknown>();

function formatter<T>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (made === undefined) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/**
 * How long ago `date` was, in its largest whole unit ("8 kun avval", "3 часа назад", "1 year ago"); a
 * date in the future, or one that cannot be read, is 0 seconds ago. The words are the catalog's, not
 * `Intl.RelativeTimeFormat`'s: browsers without Uzbek's data write "-8 d".
 */
export function relativeTime(t: Translate, date: string | Date, now: Date | number = Date.now()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = Math.floor((Number(now) - then.getTime()) / 1000);
  const seconds = Number.isFinite(elapsed) ? Math.max(0, elapsed) : 0;
  if (seconds >= YEAR) return t('time.years', { count: Math.floor(seconds / YEAR) });
  if (seconds >= MONTH) return t('time.months', { count: Math.floor(seconds / MONTH) });
  if (seconds >= DAY) return t('time.days', { count: Math.floor(seconds / DAY) });
  if (seconds >= HOUR) return t('time.hours', { count: Math.floor(seconds / HOUR) });
  if (seconds >= MINUTE) return t('time.minutes', { count: Math.floor(seconds / MINUTE) });
  return t('time.seconds', { count: seconds });
}

/** A language with data of its own names its months; one that borrows (Uzbek) writes dates in digits. */
const namesMonths = (locale: Locale) => LOCALE_INFO[locale].formatTag === LOCALE_INFO[locale].tag;

function dateFormat(locale: Locale, kind: 'full' | 'day', timeZone: string): Intl.DateTimeFormat {
  const { formatTag } = LOCALE_INFO[locale];
  return formatter(`${kind} ${locale} ${timeZone}`, () => {
    if (namesMonths(locale)) {
      return new Intl.DateTimeFormat(formatTag, {
        dateStyle: kind === 'full' ? 'long' : 'medium',
        timeStyle: kind === 'full' ? 'short' : undefined,
        timeZone,
      });
    }
    return new Intl.DateTimeFormat(formatTag, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(kind === 'full' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      timeZone,
    });
  });
}

/** The parts of a date in digits, without the comma some languages put before the time. */
const digits = (format: Intl.DateTimeFormat, value: Date) =>
  format
    .formatToParts(value)
    .map((part) => (part.type === 'literal' && /^,\s*$/.test(part.value) ? ' ' : part.value))
    .join('');

function formatDate(locale: Locale, value: Date, kind: 'full' | 'day', timeZone: string): string {
  const format = dateFormat(locale, kind, timeZone);
  return namesMonths(locale) ? format.format(value) : digits(format, value);
}

/** A moment in full, Tashkent time ("02.03.2026 01:30", "March 2, 2026 at 1:30 AM"). */
export function fullDate(locale: Locale, date: string): string {
  const value = new Date(date);
  return Number.isNaN(value.getTime()) ? date : formatDate(locale, value, 'full', TIME_ZONE);
}

/** The day alone ("02.03.2026", "Mar 2, 2026"): of a moment in Tashkent time, or of a calendar date. */
export function shortDate(locale: Locale, date: string): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return date;
  // A calendar date ("2026-03-02") is read as midnight UTC: in UTC it stays the same day.
  return formatDate(locale, value, 'day', /^\d{4}-\d{2}-\d{2}$/.test(date) ? 'UTC' : TIME_ZONE);
}

/** A count as the language groups its digits ("12 345", "12,345"). */
export function formatNumber(locale: Locale, value: number): string {
  const { formatTag } = LOCALE_INFO[locale];
  return formatter(`number ${locale}`, () => new Intl.NumberFormat(formatTag)).format(value);
}

/**
 * A month a person wrote ("2023-03", a CV's dates): "03.2023" in Uzbek, "March 2023", "март 2023 г.".
 * It names no moment, so it is read in UTC and never moves to a neighbouring month.
 */
export function monthYear(locale: Locale, month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const format = formatter(
    `month ${locale}`,
    () =>
      new Intl.DateTimeFormat(LOCALE_INFO[locale].formatTag, {
        month: namesMonths(locale) ? 'long' : '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
  return format.format(value);
}

/**
 * Makes, and uses once, every formatter this module keeps for `locale`, with the plural rules of its
 * messages. Run in a worker (lib/intl-data.ts) it loads the process's Intl data there, so the page's
 * first date or count does not.
 */
export function makeEveryFormat(locale: Locale): void {
  const moment = new Date().toISOString();
  fullDate(locale, moment);
  shortDate(locale, moment);
  shortDate(locale, moment.slice(0, 10));
  formatNumber(locale, 12345);
  monthYear(locale, moment.slice(0, 7));
  new Intl.PluralRules([LOCALE_INFO[locale].formatTag]).select(2);
}
