/*
 * The four ways to read the site. Uzbek in Latin is the source of every text and keeps the unprefixed
 * addresses; Uzbek in Cyrillic is made from it by the contract's transliteration; Russian and English are
 * written in full. Each has its own address prefix, so search engines see every version (and `hreflang`
 * names them all).
 */

export const LOCALES = ['uz-Latn', 'uz-Cyrl', 'ru', 'en'] as const;

export type Locale = (typeof LOCALES)[number];

/** The source language, at the unprefixed addresses, and `x-default`. */
export const DEFAULT_LOCALE: Locale = 'uz-Latn';

export interface LocaleInfo {
  /** What the address starts with: '' for the default, else `/<tag>`. */
  readonly prefix: string;
  /** BCP 47 tag for `<html lang>`, `Content-Language` and `hreflang`. */
  readonly tag: string;
  /**
   * The tag whose `Intl` data formats the language's numbers, dates and plurals. Not every browser
   * carries Uzbek's (Chromium writes Latin Uzbek in ICU's root: `12,345`, `2026 M03 2`), and a page must
   * read the same from the server and in the browser that takes it over. Uzbek borrows Russian's, which
   * groups digits as Uzbek does (`12 345`) and writes a date in digits as Uzbekistan does (`02.03.2026`);
   * its messages choose by `other` and exact numbers only, so Russian's plural rules never pick for it.
   */
  readonly formatTag: string;
  /** Open Graph's `language_TERRITORY`. */
  readonly ogLocale: string;
  /** The language's own name, written in itself (the switch shows each so). */
  readonly name: string;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  'uz-Latn': { prefix: '', tag: 'uz-Latn', formatTag: 'ru', ogLocale: 'uz_UZ', name: 'O‘zbekcha' },
  'uz-Cyrl': { prefix: '/uz-Cyrl', tag: 'uz-Cyrl', formatTag: 'ru', ogLocale: 'uz_UZ', name: 'Ўзбекча' },
  ru: { prefix: '/ru', tag: 'ru', formatTag: 'ru', ogLocale: 'ru_RU', name: 'Русский' },
  en: { prefix: '/en', tag: 'en', formatTag: 'en', ogLocale: 'en_US', name: 'English' },
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The cookie that remembers the reader's choice of language. */
export const LOCALE_COOKIE = 'lang';

/**
 * A path split into its language and the page's own path: `/ru/page/1` is Russian `/page/1`, `/en` is
 * English `/`, `/page/1` is the default. The prefix is matched whole and case-sensitively, so
 * `/rus/...` or `/RU/...` are pages of the default language (and 404 there).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const { prefix } = LOCALE_INFO[locale];
    if (prefix === '') continue;
    if (pathname === prefix) return { locale, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** A page's path in a language: `/page/1` in Russian is `/ru/page/1`; `/` in English is `/en/`. */
export function localizePath(locale: Locale, path: string): string {
  return `${LOCALE_INFO[locale].prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The reader's language from `Accept-Language`, in the order of its q-values: any Uzbek tag is Uzbek
 * (Cyrillic when it says so: `uz-Cyrl`, `uz-Cyrl-UZ`), then Russian, then English; undefined when it
 * names none of them.
 */
export function negotiateLocale(acceptLanguage: string | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const q = parameters
        .map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1])
        .find((value) => value !== undefined);
      return { range: range.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ range, q }) => range !== '' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    const [language, ...subtags] = range.split('-');
    if (language === 'uz') return subtags.includes('cyrl') ? 'uz-Cyrl' : 'uz-Latn';
    if (language === 'ru') return 'ru';
    if (language === 'en') return 'en';
  }
  return undefined;
}

/**
 * The language a cookie remembers: a locale, or the earlier `script` cookie's `cyrl`/`latn` (from when
 * Cyrillic was chosen by cookie alone), so a reader's old choice is kept.
 */
export function rememberedLocale(lang: string | undefined, script?: string | undefined): Locale | undefined {
  if (isLocale(lang)) return lang;
  if (script === 'cyrl') return 'uz-Cyrl';
  if (script === 'latn') return 'uz-Latn';
  return undefined;
}
