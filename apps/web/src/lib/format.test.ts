import { LOCALES } from '@portfolio-master/i18n/locales';
import { describe, expect, it } from 'vitest';
import { t, translatorFor } from '../test/translators';
import { formatNumber, fullDate, monthYear, relativeTime, shortDate } from './format';

const now = new Date('2026-05-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const DAY = 86_400;
const en = translatorFor('en').t;

describe('relativeTime', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(relativeTime(en, ago(5), now)).toBe('5 seconds ago');
    expect(relativeTime(en, ago(60 * 7), now)).toBe('7 minutes ago');
    expect(relativeTime(en, ago(3600 * 3), now)).toBe('3 hours ago');
    expect(relativeTime(en, ago(DAY * 12), now)).toBe('12 days ago');
    expect(relativeTime(en, ago(DAY * 95), now)).toBe('3 months ago');
    expect(relativeTime(en, ago(DAY * 800), now)).toBe('2 years ago');
    expect(relativeTime(t, ago(DAY * 8), now)).toBe(t('time.days', { count: 8 }));
  });

  it('switches unit exactly at the boundaries', () => {
    expect(relativeTime(en, ago(59), now)).toBe('59 seconds ago');
    expect(relativeTime(en, ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(en, ago(3599), now)).toBe('59 minutes ago');
    expect(relativeTime(en, ago(3600), now)).toBe('1 hour ago');
    expect(relativeTime(en, ago(DAY - 1), now)).toBe('23 hours ago');
    expect(relativeTime(en, ago(DAY), now)).toBe('1 day ago');
    expect(relativeTime(en, ago(DAY * 30 - 1), now)).toBe('29 days ago');
    expect(relativeTime(en, ago(DAY * 30), now)).toBe('1 month ago');
    expect(relativeTime(en, ago(DAY * 365), now)).toBe('1 year ago');
  });

  it('chooses each language’s form by the number', () => {
    const ru = translatorFor('ru').t;
    expect(relativeTime(ru, ago(DAY), now)).toBe('1 день назад');
    expect(relativeTime(ru, ago(DAY * 3), now)).toBe('3 дня назад');
    expect(relativeTime(ru, ago(DAY * 5), now)).toBe('5 дней назад');
    expect(relativeTime(ru, ago(DAY * 21), now)).toBe('21 день назад');
    expect(relativeTime(translatorFor('uz-Cyrl').t, ago(DAY * 8), now)).toBe('8 кун аввал');
  });

  it('shows a date in the future, or one it cannot read, as 0 seconds ago', () => {
    expect(relativeTime(en, ago(-120), now)).toBe('0 seconds ago');
    expect(relativeTime(en, 'not a date', now)).toBe('0 seconds ago');
  });
});

describe('fullDate and shortDate', () => {
  it('read a moment in Tashkent time (UTC+5)', () => {
    // 20:30 UTC on the 1st is 01:30 on the 2nd in Tashkent.
    expect(fullDate('en', '2026-03-01T20:30:00Z')).toBe('March 2, 2026 at 1:30 AM');
    expect(fullDate('ru', '2026-03-01T20:30:00Z')).toMatch(/^2 марта 2026.*01:30$/);
    expect(shortDate('en', '2026-03-01T20:30:00Z')).toBe('Mar 2, 2026');
  });

  it('write Uzbek dates in digits, as Uzbekistan does, whatever a browser knows of Uzbek', () => {
    for (const locale of ['uz-Latn', 'uz-Cyrl'] as const) {
      expect(fullDate(locale, '2026-03-01T20:30:00Z')).toBe('02.03.2026 01:30');
      expect(shortDate(locale, '2026-03-01T20:30:00Z')).toBe('02.03.2026');
    }
  });

  it('take a calendar date as it is', () => {
    expect(shortDate('en', '2026-03-02')).toBe('Mar 2, 2026');
    expect(shortDate('uz-Latn', '2026-03-02')).toBe('02.03.2026');
  });

  it('leave what they cannot read as it is', () => {
    expect(fullDate('en', 'soon')).toBe('soon');
    expect(shortDate('en', 'soon')).toBe('soon');
  });
});

describe('monthYear', () => {
  it('names the month where the language does and writes Uzbek in digits', () => {
    expect(monthYear('en', '2023-03')).toBe('March 2023');
    expect(monthYear('ru', '2023-03')).toMatch(/^март 2023/);
    expect(monthYear('uz-Latn', '2023-03')).toBe('03.2023');
    expect(monthYear('uz-Cyrl', '2023-12')).toBe('12.2023');
  });

  it('leaves what it cannot read as it is', () => {
    expect(monthYear('en', '2023')).toBe('2023');
  });
});

describe('formatNumber', () => {
  it('groups digits as the language does', () => {
    expect(formatNumber('en', 12345)).toBe('12,345');
    for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
      expect(formatNumber(locale, 12345)).toBe('12\u00a0345');
    }
  });

  it('writes a message’s count the same way', () => {
    expect(t('list.found', { count: 12345 })).toBe(`${formatNumber('uz-Latn', 12345)} ta natija`);
    expect(translatorFor('en').t('list.found', { count: 12345 })).toBe('12,345 results');
  });
});
