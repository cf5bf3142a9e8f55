import { describe, expect, it } from 'vitest';
import { localizePath, negotiateLocale, rememberedLocale, splitLocalePath } from './locales.js';

describe('addresses', () => {
  it.each([
    ['/page/1', 'uz-Latn', '/page/1'],
    ['/', 'uz-Latn', '/'],
    ['/ru/page/1', 'ru', '/page/1'],
    ['/ru', 'ru', '/'],
    ['/ru/', 'ru', '/'],
    ['/en/portfolio/ali_Ilova', 'en', '/portfolio/ali_Ilova'],
    ['/uz-Cyrl/profile/ali', 'uz-Cyrl', '/profile/ali'],
    ['/rus/page/1', 'uz-Latn', '/rus/page/1'],
    ['/RU/page/1', 'uz-Latn', '/RU/page/1'],
    ['/uz-Latn/page/1', 'uz-Latn', '/uz-Latn/page/1'],
  ])('%s is %s %s', (pathname, locale, rest) => {
    expect(splitLocalePath(pathname)).toEqual({ locale, path: rest });
  });

  it('puts a page in each language, and takes it back out', () => {
    expect(localizePath('uz-Latn', '/page/1')).toBe('/page/1');
    expect(localizePath('ru', '/page/1')).toBe('/ru/page/1');
    expect(localizePath('uz-Cyrl', '/')).toBe('/uz-Cyrl/');
    expect(splitLocalePath(localizePath('en', '/profile/ali'))).toEqual({
      locale: 'en',
      path: '/profile/ali',
    });
  });
});

describe('choosing a language', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['de-DE,de;q=0.9', undefined],
    ['uz', 'uz-Latn'],
    ['uz-UZ,uz;q=0.9', 'uz-Latn'],
    ['uz-Cyrl,uz;q=0.9,ru;q=0.8', 'uz-Cyrl'],
    ['uz-cyrl-UZ', 'uz-Cyrl'],
    ['ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', 'ru'],
    ['en-GB,en;q=0.9', 'en'],
    ['de;q=1,en;q=0.5,ru;q=0.8', 'ru'],
    ['ru;q=0,en', 'en'],
  ])('Accept-Language %s gives %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('keeps a choice made with the earlier script cookie', () => {
    expect(rememberedLocale('ru', 'cyrl')).toBe('ru');
    expect(rememberedLocale(undefined, 'cyrl')).toBe('uz-Cyrl');
    expect(rememberedLocale(undefined, 'latn')).toBe('uz-Latn');
    expect(rememberedLocale('fr', undefined)).toBeUndefined();
  });
});
