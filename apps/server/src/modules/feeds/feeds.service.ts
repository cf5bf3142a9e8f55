import { LIMITS, markdownToText, shorten } from '@portfolio-master/contract';
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, localizePath, type Locale } from '@portfolio-master/i18n';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { toIsoString } from '../../lib/dates.js';
import { notFound } from '../../lib/http-error.js';
import { technologySlug } from '../../data/naming.js';
import { movedTechnology } from '../portfolios/technology-names.js';
import {
  findPortfoliosByIds,
  listPortfolioIds,
  type ListCriteria,
  type PortfolioWithAuthor,
} from '../../data/portfolios.repository.js';
import { findUserByUsername } from '../../data/users.repository.js';
import { type AtomEntry, atomFeed, type AtomPerson } from './atom.js';
import * as feeds from '../../data/feeds.repository.js';
import { ReadyDocument, type SendableDocument } from '../../lib/ready-document.js';
import { translator } from '../../lib/translators.js';
import { TimedCache } from './timed-cache.js';
import {
  SITEMAP_LIMITS,
  type SitemapDocuments,
  type SitemapLimits,
  SitemapSection,
  sitemapDocuments,
} from './sitemap.js';

export interface FeedsOptions {
  /** URLs and bytes per sitemap file: sitemaps.org's 50,000 and 50 MB unless a test wants fewer. */
  sitemapLimits?: Partial<SitemapLimits>;
  /** How long a built document is reused; writes through this process drop them all at once. */
  ttlMs?: number;
  now?: () => number;
}

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** Entries in a feed, and the length of their summaries in characters. */
const FEED_SIZE = 30;
const SUMMARY_LENGTH = 300;
/** Rows read per sitemap query. */
const SITEMAP_PAGE = 5000;
const DEFAULT_TTL_MS = 5 * 60 * 1000;
/** Feeds of technologies and authors cached at a time; the least recently built go first. */
const MAX_FEEDS = 200;

/**
 * What search engines and feed readers fetch: robots.txt, the sitemap and Atom feeds, built from the
 * database and cached as ready bytes until they expire or a portfolio or user is written (`clear`).
 */
export class FeedsService {
  readonly robots: ReadyDocument;
  private readonly limits: SitemapLimits;
  private readonly sitemaps: TimedCache<SitemapDocuments>;
  private readonly feeds: TimedCache<ReadyDocument>;
  private readonly moved: TimedCache<string | null>;
  /** The authority of entry ids (`tag:host,date:…`, RFC 4151). */
  private readonly tagAuthority: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** The web app's address, without a trailing slash. */
    private readonly publicUrl: string,
    options: FeedsOptions = {},
  ) {
    this.limits = { ...SITEMAP_LIMITS, ...options.sitemapLimits };
    const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
    this.sitemaps = new TimedCache(ttl, 1, options.now);
    this.feeds = new TimedCache(ttl, MAX_FEEDS, options.now);
    this.moved = new TimedCache(ttl, MAX_FEEDS, options.now);
    this.robots = new ReadyDocument(robotsTxt(publicUrl), 'text/plain; charset=utf-8');
    this.tagAuthority = new URL(publicUrl).hostname;
  }

  /** Called after every committed write of a portfolio or a user. */
  clear(): void {
    this.sitemaps.clear();
    this.feeds.clear();
    this.moved.clear();
  }

  sitemap(): Promise<SitemapDocuments> {
    return this.sitemaps.get('sitemap', () => this.buildSitemap());
  }

  async sitemapFile(name: string): Promise<SendableDocument> {
    const file = (await this.sitemap()).files.get(name);
    if (!file) throw notFound('problem.sitemap.notFound');
    return file;
  }

  /** The newest portfolios, in `locale`'s words and addresses. */
  siteFeed(locale: Locale = DEFAULT_LOCALE): Promise<ReadyDocument> {
    return this.feeds.get(`${locale} site`, async () => {
      const { t } = translator(locale);
      const entries = await this.newest({ technologyIds: [], searchTerms: [] }, locale);
      return this.feedDocument({
        id: this.url('/feed.xml', locale),
        language: LOCALE_INFO[locale].tag,
        title: t('atom.site.title'),
        subtitle: t('atom.site.subtitle'),
        self: this.url('/feed.xml', locale),
        alternate: this.url('/page/1', locale),
        entries,
        updated: newest(entries),
      });
    });
  }

  /**
   * The name this technology's feed moved to (an old spelling or a merged technology, decision 58),
   * undefined when it stays; kept as the feeds are.
   */
  async movedTechnology(name: string): Promise<string | undefined> {
    const slug = technologySlug(name);
    if (slug.length > LIMITS.technologies.itemMax) return undefined;
    const moved = await this.moved.get(slug, async () => (await movedTechnology(this.db, name)) ?? null);
    return moved ?? undefined;
  }

  /** The newest portfolios with this technology, named as the list filter names it (any case). */
  technologyFeed(name: string, locale: Locale = DEFAULT_LOCALE): Promise<ReadyDocument> {
    const slug = technologySlug(name);
    // Nothing longer can be stored, and PostgreSQL refuses U+0000 in a parameter.
    const impossible = slug === '' || slug.length > LIMITS.technologies.itemMax || slug.includes('\u0000');
    if (impossible) throw notFound('problem.technology.notFound');
    return this.feeds.get(`${locale} technology:${slug}`, async () => {
      const technology = await feeds.findTechnologyBySlug(this.db, slug);
      if (!technology) throw notFound('problem.technology.notFound');
      const { t } = translator(locale);
      const entries = await this.newest({ technologyIds: [technology.id], searchTerms: [] }, locale);
      const path = `/technology/${encodeURIComponent(technology.name)}/feed.xml`;
      return this.feedDocument({
        id: this.url(path, locale),
        language: LOCALE_INFO[locale].tag,
        title: t('atom.technology.title', { name: technology.name }),
        subtitle: t('atom.technology.subtitle', { name: technology.name }),
        self: this.url(path, locale),
        alternate: this.url(`/page/1?filter=${encodeURIComponent(technology.name)}`, locale),
        entries,
        updated: newest(entries),
      });
    });
  }

  /** An author's newest portfolios. */
  profileFeed(username: string, locale: Locale = DEFAULT_LOCALE): Promise<ReadyDocument> {
    if (username.length > LIMITS.username.max || username.includes('\u0000')) {
      throw notFound('problem.user.notFound');
    }
    return this.feeds.get(`${locale} profile:${username.toLowerCase()}`, async () => {
      const user = await findUserByUsername(this.db, username);
      if (!user) throw notFound('problem.user.notFound');
      const { t } = translator(locale);
      const entries = await this.newest({ technologyIds: [], searchTerms: [], authorId: user.id }, locale);
      const author = this.person(user, locale);
      const path = `/profile/${encodeURIComponent(user.username)}/feed.xml`;
      return this.feedDocument({
        id: this.url(path, locale),
        language: LOCALE_INFO[locale].tag,
        title: t('atom.profile.title', { name: author.name }),
        subtitle: t('atom.profile.subtitle', { name: author.name, username: user.username }),
        self: this.url(path, locale),
        alternate: author.uri,
        author,
        entries,
        updated: newest(entries, toIsoString(user.updated_at)),
      });
    });
  }

  /** The app's `path` as an absolute address, in `locale` when given. */
  private url(path: string, locale: Locale = DEFAULT_LOCALE): string {
    return `${this.publicUrl}${localizePath(locale, path)}`;
  }

  private person(
    user: { username: string; firstname: string; lastname: string },
    locale: Locale,
  ): AtomPerson {
    return {
      name: `${user.firstname} ${user.lastname}`.trim() || user.username,
      uri: this.url(`/profile/${encodeURIComponent(user.username)}`, locale),
    };
  }

  private async newest(criteria: ListCriteria, locale: Locale): Promise<AtomEntry[]> {
    const ids = await listPortfolioIds(this.db, this.dialect, criteria, 'new', FEED_SIZE, 0);
    const rows = await findPortfoliosByIds(this.db, ids);
    return rows.map((row) => this.entry(row, locale));
  }

  private entry(row: PortfolioWithAuthor, locale: Locale): AtomEntry {
    const published = toIsoString(row.created_at);
    return {
      // Linktitles may be used again after a deletion; the id never is. A portfolio is one entry in
      // every language's feed.
      id: `tag:${this.tagAuthority},${published.slice(0, 10)}:portfolio/${row.id}`,
      title: row.title,
      published,
      updated: toIsoString(row.updated_at),
      url: this.url(`/portfolio/${encodeURIComponent(row.linktitle)}`, locale),
      author: this.person(
        { username: row.author_username, firstname: row.author_firstname, lastname: row.author_lastname },
        locale,
      ),
      categories: row.used,
      summary: shorten(markdownToText(row.description), SUMMARY_LENGTH),
    };
  }

  private feedDocument(feed: Parameters<typeof atomFeed>[0]): ReadyDocument {
    return new ReadyDocument(atomFeed(feed), ATOM_TYPE);
  }

  /** The page at the app's `path` in every language, `x-default` its Latin Uzbek address. */
  private addPage(section: SitemapSection, path: string, lastmod: string | undefined): void {
    section.add(
      LOCALES.map((locale) => ({ hreflang: LOCALE_INFO[locale].tag, href: this.url(path, locale) })),
      this.url(path),
      lastmod,
    );
  }

  /**
   * Portfolios in id order, then the profiles of everyone who has a portfolio (a profile without one is
   * an empty page), then the list's first page and the about page. Read a page of rows at a time.
   */
  private async buildSitemap(): Promise<SitemapDocuments> {
    const portfolios = new SitemapSection('portfolios', this.limits);
    let latest: string | undefined;
    for (let after: string | undefined; ;) {
      const rows = await feeds.sitemapPortfolios(this.db, after, SITEMAP_PAGE);
      for (const row of rows) {
        const lastmod = isoString(row.updated_at);
        if (latest === undefined || lastmod > latest) latest = lastmod;
        this.addPage(portfolios, `/portfolio/${encodeURIComponent(row.linktitle)}`, lastmod);
      }
      await portfolios.packFull();
      if (rows.length < SITEMAP_PAGE) break;
      after = rows.at(-1)!.id;
    }

    const profiles = new SitemapSection('profiles', this.limits);
    for (let after: string | undefined; ;) {
      const rows = await feeds.sitemapProfiles(this.db, after, SITEMAP_PAGE);
      for (const row of rows) {
        const own = isoString(row.updated_at);
        const portfolio = isoString(row.portfolios_updated_at);
        this.addPage(
          profiles,
          `/profile/${encodeURIComponent(row.username)}`,
          own > portfolio ? own : portfolio,
        );
      }
      await profiles.packFull();
      if (rows.length < SITEMAP_PAGE) break;
      after = rows.at(-1)!.id;
    }

    const pages = new SitemapSection('pages', this.limits);
    // The first page changes with any portfolio: its filter panel counts technologies over all of them.
    this.addPage(pages, '/page/1', latest);
    // The about page's text ships with the web app; no date the server could give would be true.
    this.addPage(pages, '/about', undefined);
    // The people directory changes with every account and like: no one date says when.
    this.addPage(pages, '/people', undefined);

    return sitemapDocuments(this.publicUrl, [pages, portfolios, profiles], this.limits);
  }
}

/** What `toISOString` writes, as SQLite hands back what the app stored. */
const ISO_STRING = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** `toIsoString` without parsing and printing again what is already in its form (100 000 times a build). */
function isoString(value: Date | string): string {
  return typeof value === 'string' && ISO_STRING.test(value) ? value : toIsoString(value);
}

/** The newest `updated` of the entries; a feed with none was last changed, as far as we know, now. */
function newest(entries: readonly AtomEntry[], floor?: string): string {
  let latest = floor;
  for (const entry of entries) if (latest === undefined || entry.updated > latest) latest = entry.updated;
  return latest ?? new Date().toISOString();
}

/**
 * Crawlers may read every public page. Kept out: the API (pages carry their content), forms, sign-in,
 * the signed-in user's own page, edit pages, and search results, which are endless and say nothing a
 * list or portfolio page does not.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /create',
    'Disallow: /auth/',
    'Disallow: /profile$',
    'Disallow: /profile/$',
    'Disallow: /portfolio/*/edit',
    'Disallow: /*?q=',
    'Disallow: /*&q=',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
