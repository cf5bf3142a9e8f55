import type { Texts } from '../i18n/uz';

/** What a page says about itself to browsers, crawlers and link previews; made into tags by the server. */
export interface PageHead {
  /** The whole document title. */
  title: string;
  /** Plain text, about 160 characters. */
  description: string;
  /** The page's own address (a path); absent for pages that are not to be indexed. */
  canonical?: string;
  /** A path or absolute URL of a 1200x630 preview image. */
  image?: string;
  imageAlt?: string;
  type: 'website' | 'article' | 'profile';
  /** Pages for one person (forms, the own profile) and error pages stay out of search engines. */
  noindex?: boolean;
  /** schema.org data, written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** Feeds that follow this page's content. */
  feeds?: { href: string; title: string }[];
}

/** A meta description's length: what search engines and link previews show before cutting. */
export const DESCRIPTION_LENGTH = 160;

/** The document title of a page called `text`; the site's name alone for none. */
export const title = (uz: Texts, text?: string | null) => (text ? `${text} | ${uz.appName}` : uz.appName);

/** What the site is, for pages that have nothing of their own to say. */
export const siteDescription = (uz: Texts) => uz.footer.aboutBlurb;

export const siteFeed = (uz: Texts) => ({ href: '/feed.xml', title: uz.feeds.site });

/** A page for one visitor (a form, an own profile): its title (read when the page renders), nothing to index. */
export const privateHead =
  (text: (uz: Texts) => string) =>
  ({ uz }: { uz: Texts }): PageHead => ({
    title: title(uz, text(uz)),
    description: siteDescription(uz),
    type: 'website',
    noindex: true,
  });

export function notFoundHead(uz: Texts, text: string = uz.notFound.title): PageHead {
  return { title: title(uz, text), description: uz.notFound.text, type: 'website', noindex: true };
}
