import { LOCALE_INFO, type Locale } from '@portfolio-master/i18n/locales';

/*
 * Dates, relative times and numbers in the page's language, through the runtime's own Intl data (none of
 * it in the bundle). Formatters are made once per language and kept: they hold nothing of a request.
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

const tagOf = (locale: Locale) => LOCALE_INFO[locale].tag;

const relative = (locale: Locale) =>
  formatter(`relative ${locale}`, () => new Intl.RelativeTimeFormat(tagOf(locale), { numeric: 'always' }));

/**
 * How long ago `date` was, in its largest whole unit ("8 kun oldin", "3 часа назад", "1 year ago"); a
 * date in the future, or one that cannot be read, is 0 seconds ago.
 */
export function relativeTime(locale: Locale, date: string | Date, now: Date | number = Date.now()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = Math.floor((Number(now) - then.getTime()) / 1000);
  const seconds = Number.isFinite(elapsed) ? Math.max(0, elapsed) : 0;
  const format = relative(locale);
  // Negative: in the past ("ago"); -0 still reads as the past.
  if (seconds >= YEAR) return format.format(-Math.floor(seconds / YEAR), 'year');
  if (seconds >= MONTH) return format.format(-Math.floor(seconds / MONTH), 'month');
  if (seconds >= DAY) return format.format(-Math.floor(seconds / DAY), 'day');
  if (seconds >= HOUR) return format.format(-Math.floor(seconds / HOUR), 'hour');
  if (seconds >= MINUTE) return format.format(-Math.floor(seconds / MINUTE), 'minute');
  return format.format(-seconds, 'second');
}

/** A moment in full, Tashkent time ("2-mart, 2026, 01:30"): a relative time's `title`, a block's end. */
export function fullDate(locale: Locale, date: string): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return date;
  return formatter(
    `full ${locale}`,
    () =>
      new Intl.DateTimeFormat(tagOf(locale), { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }),
  ).format(value);
}

/** The day alone ("2-mar, 2026"): of a moment in Tashkent time, or of a calendar date ("2026-03-02"). */
export function shortDate(locale: Locale, date: string): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return date;
  // A calendar date is read as midnight UTC: in UTC it stays the same day.
  const timeZone = calendar ? 'UTC' : TIME_ZONE;
  return formatter(
    `short ${locale} ${timeZone}`,
    () => new Intl.DateTimeFormat(tagOf(locale), { dateStyle: 'medium', timeZone }),
  ).format(value);
}

/** A count as the language groups its digits ("12 345", "12,345"). */
export function formatNumber(locale: Locale, value: number): string {
  return formatter(`number ${locale}`, () => new Intl.NumberFormat(tagOf(locale))).format(value);
}
