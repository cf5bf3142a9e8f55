import type { Translate } from '../i18n/translator';

/** What a page says about itself to browsers, crawlers and link previews; made into tags by the server. */
export interface PageHead {
  /** The whole document title. */
  title: string;
  /** Plain text, about 160 characters. */
  description: string;
  /**
   * The page's own address, as the app's path (`/portfolio/x`): the head gives it in the page's language
   * and names the other languages' addresses beside it. Absent for pages that are not to be indexed.
   */
  canonical?: string;
  /** A preview card's path (`/og/…`, given in the page's language) or an absolute URL of a 1200x630 image. */
  image?: string;
  imageAlt?: string;
  type: 'website' | 'article' | 'profile';
  /** Pages for one person (forms, the own profile) and error pages stay out of search engines. */
  noindex?: boolean;
  /** schema.org data, written as JSON-LD; its `url`s are app paths, given in the page's language. */
  jsonLd?: Record<string, unknown>;
  /** Other sites may embed the page: its oEmbed answer is announced (decision 42). Only for indexed pages. */
  oembed?: boolean;
  /** Feeds that follow this page's content; their paths are given in the page's language. */
  feeds?: { href: string; title: string }[];
  /**
   * The first paint waits for everything in the page before the element with the id `before`, where
   * `media` matches (`<link rel="expect" blocking="render">`, which lets the page paint once that element
   * begins): for a part that follows what is painted first in the page but shows above it, so that a
   * browser painting early would move everything below it when the part arrives.
   */
  paintAfter?: { before: string; media: string };
}

/** A meta description's length: what search engines and link previews show before cutting. */
export const DESCRIPTION_LENGTH = 160;

/** The document title of a page called `text`; the site's name alone for none. */
export const title = (t: Translate, text?: string | null) =>
  text ? `${text} | ${t('site.name')}` : t('site.name');

/** What the site is, for pages that have nothing of their own to say. */
export const siteDescription = (t: Translate) => t('site.description');

export const siteFeed = (t: Translate) => ({ href: '/feed.xml', title: t('feeds.site') });

/** A page for one visitor (a form, an own profile): its title (read when the page renders), nothing to index. */
export const privateHead =
  (text: (t: Translate) => string) =>
  ({ t }: { t: Translate }): PageHead => ({
    title: title(t, text(t)),
    description: siteDescription(t),
    type: 'website',
    noindex: true,
  });

export function notFoundHead(t: Translate, text: string = t('notFound.title')): PageHead {
  return { title: title(t, text), description: t('notFound.text'), type: 'website', noindex: true };
}
