import type { Texts } from '../i18n/uz';
import type { PageHead } from './head';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Paths under `url`, `image` and `sameAs` become absolute addresses on the public site. */
function absolutize(value: unknown, base: string, key = ''): unknown {
  if (typeof value === 'string') {
    return /^(url|image|sameAs)$/.test(key) && value.startsWith('/') && !value.startsWith('//')
      ? base + value
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => absolutize(item, base, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([name, item]) => [name, absolutize(item, base, name)]),
    );
  }
  return value;
}

/** The tags of `<head>` for a page: title, description, canonical, Open Graph, Twitter card, JSON-LD, feeds. */
export function headTags(uz: Texts, head: PageHead, publicUrl: string, status: number): string {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : publicUrl + path);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const image = absolute(head.image ?? '/og/site.png');
  const url = head.canonical ? absolute(head.canonical) : undefined;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex || status !== 200 ? meta('name', 'robots', 'noindex') : '',
    url ? `<link rel="canonical" href="${escapeHtml(url)}">` : '',
    meta('property', 'og:site_name', uz.appName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    meta('property', 'og:locale', 'uz_UZ'),
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
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(absolute(feed.href))}">`,
    ),
    head.jsonLd
      ? `<script type="application/ld+json">${JSON.stringify(absolutize(head.jsonLd, publicUrl)).replace(/</g, '\\u003c')}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
