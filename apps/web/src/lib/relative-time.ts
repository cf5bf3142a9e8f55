import { uz } from '../i18n/uz';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "N kun/soat/minut/sekund avval"; a date in the future reads as "0 sekund avval". */
export function relativeTime(date: string | Date, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (seconds >= DAY) return uz.time.days(Math.floor(seconds / DAY));
  if (seconds >= HOUR) return uz.time.hours(Math.floor(seconds / HOUR));
  if (seconds >= MINUTE) return uz.time.minutes(Math.floor(seconds / MINUTE));
  return uz.time.seconds(Number.isFinite(seconds) ? seconds : 0);
}

/** A full date for the `title`/`dateTime` of a relative time. */
export function fullDate(date: string): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(value.getDate())}.${pad(value.getMonth() + 1)}.${value.getFullYear()} ${pad(value.getHours())}:${pad(value.getMinutes())}`;
}
