import type { Texts } from '../i18n/uz';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "N kun/soat/minut/sekund avval"; a date in the future reads as "0 sekund avval". */
export function relativeTime(uz: Texts, date: string | Date, now: Date | number = Date.now()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.max(0, Math.floor((Number(now) - then.getTime()) / 1000));
  if (seconds >= DAY) return uz.time.days(Math.floor(seconds / DAY));
  if (seconds >= HOUR) return uz.time.hours(Math.floor(seconds / HOUR));
  if (seconds >= MINUTE) return uz.time.minutes(Math.floor(seconds / MINUTE));
  return uz.time.seconds(Number.isFinite(seconds) ? seconds : 0);
}

/** Uzbekistan keeps UTC+5 all year, so dates read the same on the server and in every browser. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** A full date in Tashkent time for the `title` of a relative time: "dd.mm.yyyy hh:mm". */
export function fullDate(date: string): string {
  const value = new Date(new Date(date).getTime() + TASHKENT_OFFSET_MS);
  if (Number.isNaN(value.getTime())) return date;
  return `${dayDate(value)} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
}

/** The day alone, "dd.mm.yyyy": of a moment in Tashkent time, or of a calendar date ("2026-03-02"). */
export function shortDate(date: string): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const value = new Date(new Date(date).getTime() + (calendar ? 0 : TASHKENT_OFFSET_MS));
  return Number.isNaN(value.getTime()) ? date : dayDate(value);
}

function dayDate(value: Date): string {
  return `${pad(value.getUTCDate())}.${pad(value.getUTCMonth() + 1)}.${value.getUTCFullYear()}`;
}
