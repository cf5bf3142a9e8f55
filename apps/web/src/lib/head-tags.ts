import {
  DEFAULT_LOCALE,
  LOCALE_INFO,
  LOCALES,
  localizePath,
  type Locale,
} from '@portfolio-master/i18n/locales';
import type { Translate } from '../i18n/translator';
import type { PageHead } from './head';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * Paths under `url` become addresses of the page's language, those under `image` and `sameAs` plain
 * addresses on the public site (pictures have no language).
 */
function absolutize(value: unknown, base: string, locale: Locale, key = ''): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith('/') || value.startsWith('//')) return value;
    if (key === 'url') return base + localizePath(locale, value);
    return key === 'image' || key === 'sameAs' ? base + value : value;
  }
  if (Array.isArray(value)) return value.map((item) => absolutize(item, base, locale, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([name, item]) => [name, absolutize(item, base, locale, name)]),
    );
  }
  return value;
}

export interface HeadTagsInput {
  t: Translate;
  locale: Locale;
  head: PageHead;
  publicUrl: string;
  status: number;
}

/**
 * The tags of `<head>` for a page: title, description, canonical and the same page in the other
 * languages (`hreflang`, decision 38), Open Graph, Twitter card, JSON-LD, feeds, oEmbed.
 */
export function headTags({ t, locale, head, publicUrl, status }: HeadTagsInput): string {
  // Feeds and preview cards are written in the page's language too: their paths take its prefix.
  const inOwnLanguage = (path: string) =>
    /^https?:\/\//.test(path) ? path : publicUrl + localizePath(locale, path);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const image = inOwnLanguage(head.image ?? '/og/site.png');
  const inLanguage = (path: string, language: Locale) => publicUrl + localizePath(language, path);
  const url = head.canonical ? inLanguage(head.canonical, locale) : undefined;
  const indexed = head.canonical !== undefined && !head.noindex && status === 200;
  const alternates = indexed
    ? [
        ...LOCALES.map(
          (language) =>
            `<link rel="alternate" hreflang="${LOCALE_INFO[language].tag}" href="${escapeHtml(inLanguage(head.canonical!, language))}">`,
        ),
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(inLanguage(head.canonical!, DEFAULT_LOCALE))}">`,
      ]
    : [];
  const { ogLocale } = LOCALE_INFO[locale];
  // Both ways of writing Uzbek are one Open Graph locale: it is named once.
  const otherOgLocales = [...new Set(LOCALES.map((language) => LOCALE_INFO[language].ogLocale))].filter(
    (other) => other !== ogLocale,
  );
  const jsonLd = head.jsonLd && { ...head.jsonLd, inLanguage: LOCALE_INFO[locale].tag };
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex || status !== 200 ? meta('name', 'robots', 'noindex') : '',
    url ? `<link rel="canonical" href="${escapeHtml(url)}">` : '',
    ...alternates,
    meta('property', 'og:site_name', t('site.name')),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    meta('property', 'og:locale', ogLocale),
    ...otherOgLocales.map((other) => meta('property', 'og:locale:alternate', other)),
    url ? meta('property', 'og:url', url) : '',
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', head.imageAlt ?? head.title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    ...(head.feeds ?? []).map(
      (feed) =>
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(inOwnLanguage(feed.href))}">`,
    ),
    indexed && head.oembed
      ? `<link rel="alternate" type="application/json+oembed" title="${escapeHtml(head.title)}" href="${escapeHtml(`${publicUrl}/oembed?url=${encodeURIComponent(url!)}&format=json`)}">`
      : '',
    head.paintAfter
      ? `<link rel="expect" href="#${escapeHtml(head.paintAfter.before)}" blocking="render" media="${escapeHtml(head.paintAfter.media)}">`
      : '',
    jsonLd
      ? `<script type="application/ld+json">${JSON.stringify(absolutize(jsonLd, publicUrl, locale)).replace(/</g, '\\u003c')}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
