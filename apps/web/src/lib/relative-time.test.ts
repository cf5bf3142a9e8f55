import { describe, expect, it } from 'vitest';
import { fullDate, relativeTime, shortDate } from './relative-time';
import { latin as uz } from '../i18n/uz';

const now = new Date('2026-05-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('uses the four Uzbek forms', () => {
    expect(relativeTime(uz, ago(5), now)).toBe('5 sekund avval');
    expect(relativeTime(uz, ago(60 * 7), now)).toBe('7 minut avval');
    expect(relativeTime(uz, ago(3600 * 3), now)).toBe('3 soat avval');
    expect(relativeTime(uz, ago(86400 * 12), now)).toBe('12 kun avval');
  });

  it('switches unit exactly at the boundaries', () => {
    expect(relativeTime(uz, ago(59), now)).toBe('59 sekund avval');
    expect(relativeTime(uz, ago(60), now)).toBe('1 minut avval');
    expect(relativeTime(uz, ago(3599), now)).toBe('59 minut avval');
    expect(relativeTime(uz, ago(3600), now)).toBe('1 soat avval');
    expect(relativeTime(uz, ago(86399), now)).toBe('23 soat avval');
    expect(relativeTime(uz, ago(86400), now)).toBe('1 kun avval');
  });

  it('shows a date in the future as 0 sekund avval', () => {
    expect(relativeTime(uz, ago(-120), now)).toBe('0 sekund avval');
  });

  it('does not print NaN for an unreadable date', () => {
    expect(relativeTime(uz, 'not a date', now)).toBe('0 sekund avval');
  });
});

describe('fullDate and shortDate', () => {
  it('read a moment in Tashkent time (UTC+5)', () => {
    expect(fullDate('2026-03-01T20:30:00Z')).toBe('02.03.2026 01:30');
    expect(shortDate('2026-03-01T20:30:00Z')).toBe('02.03.2026');
  });

  it('take a calendar date as it is', () => {
    expect(shortDate('2026-03-02')).toBe('02.03.2026');
  });
});
