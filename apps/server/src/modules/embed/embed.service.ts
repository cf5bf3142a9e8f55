import { createHash } from 'node:crypto';
import { fullName } from '@portfolio-master/contract';
import { LOCALE_INFO, splitLocalePath, type Locale } from '@portfolio-master/i18n';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { Dialect } from '../../db/database.js';
import type { Database, UserRow } from '../../db/schema.js';
import { countPortfolios } from '../../data/portfolios.repository.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { TaggedCache } from '../../lib/tagged-cache.js';
import { translator } from '../../lib/translators.js';
import type { ImageStore } from '../images/image-store.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import { activeBlock } from '../users/blocks.js';
import type { UsersService } from '../users/users.service.js';
import { notFoundHtml, PORTFOLIO_CARD_HEIGHT, PORTFOLIO_CARD_WIDTH, portfolioHtml } from './embed-html.js';
import {
  backgroundOf,
  notFoundSvg,
  PROFILE_CARD_HEIGHT,
  PROFILE_CARD_WIDTH,
  profileSvg,
  type ProfileSvgInput,
  type Theme,
} from './embed-svg.js';

export interface EmbedDependencies {
  users: UsersService;
  portfolios: PortfoliosService;
  imageStore: ImageStore;
  changes: ChangeFeed;
  publicUrl: string;
}

/** Part of every card's version: bump it when the drawing changes, so every card is drawn anew. */
const DRAWING_VERSION = 2;
/** The avatar's pixels: twice the 56 it is shown at, for sharp screens. */
const AVATAR_PIXELS = 112;
/** The most the avatar's data: address may take; a busier picture is encoded at a lower quality. */
const AVATAR_BUDGET = 16_000;
const SOURCE_TTL_MS = 10 * 60_000;
/** How long readers may keep a card; the oEmbed answer says the same. */
export const CACHE_AGE_SECONDS = 3600;

type BlockColumns = Pick<UserRow, 'blocked_at' | 'blocked_until' | 'blocked_reason'>;

/** What a profile's card is drawn from, read once per change of the person. */
interface ProfileSource {
  id: string;
  username: string;
  name: string;
  about: string;
  avatar: string | null;
  portfolios: number;
  followers: number;
  technologies: string[];
  status: 'looking' | 'open' | null;
  hidden: boolean;
  block: BlockColumns;
}

/** What a portfolio's card shows, read once per change of it or its author. */
interface PortfolioSource {
  id: string;
  linktitle: string;
  title: string;
  authorName: string;
  authorUsername: string;
  cover: string | null;
  coverAlt: string;
  technologies: string[];
  likes: number;
  hidden: boolean;
  block: BlockColumns;
}

export interface DrawnCard {
  etag: string;
  /** The SVG, drawn only when no copy of this version is kept. */
  svg: () => Promise<string>;
}

export interface OEmbed {
  version: '1.0';
  type: 'rich';
  provider_name: 'Portfolio Master';
  provider_url: string;
  title: string;
  author_name: string;
  author_url: string;
  html: string;
  width: number;
  height: number;
  thumbnail_url: string;
  thumbnail_width: number;
  thumbnail_height: number;
  cache_age: number;
}

const versionOf = (input: unknown) =>
  createHash('sha256').update(JSON.stringify(input)).digest('base64url').slice(0, 20);

const byName = new Intl.Collator('en');

/** Whether everyone may see it now: not hidden, not blocked (a block past its end no longer counts). */
const shown = (source: { hidden: boolean; block: BlockColumns }) =>
  !source.hidden && !activeBlock(source.block);

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/**
 * Cards other sites show: a profile's SVG card (for READMEs), a portfolio's framed card and their oEmbed
 * answers. What a card is drawn from is read once per change of the person or portfolio (a tagged cache
 * the change feed empties), and a drawing is kept under a hash of everything on it, so a card is drawn
 * again exactly when what it shows changes.
 */
export class EmbedService {
  private readonly origin: string;
  private readonly profiles: TaggedCache<ProfileSource | null>;
  private readonly portfolioSources: TaggedCache<PortfolioSource | null>;
  private readonly drawn = new LRUCache<string, string>({
    maxSize: 8_000_000,
    sizeCalculation: (svg) => Math.max(1, svg.length),
  });
  private readonly pending = new Map<string, Promise<string>>();
  /** How many cards were drawn: once per version of a card, not once per request. */
  drawings = 0;

  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: Dialect,
    readonly deps: EmbedDependencies,
  ) {
    this.origin = new URL(deps.publicUrl).origin;
    this.profiles = new TaggedCache<ProfileSource | null>({
      ttlMs: SOURCE_TTL_MS,
      maxEntries: 2_000,
    }).follow(deps.changes);
    this.portfolioSources = new TaggedCache<PortfolioSource | null>({
      ttlMs: SOURCE_TTL_MS,
      maxEntries: 2_000,
    }).follow(deps.changes);
  }

  /** Drops the profiles and portfolios nobody asked for in `idleMs`; answers how many went. */
  trimIdle(idleMs: number): number {
    return this.profiles.trimIdle(idleMs) + this.portfolioSources.trimIdle(idleMs);
  }

  /** The profile's card, or null when nobody may see the profile. */
  async profileCard(username: string, locale: Locale, theme: Theme): Promise<DrawnCard | null> {
    const source = await this.profile(username);
    if (!source) return null;
    const t = translator(locale);
    const status =
      source.status === 'looking'
        ? t.t('workStatus.looking')
        : source.status === 'open'
          ? t.t('workStatus.open')
          : null;
    const input = {
      name: source.name,
      username: source.username,
      about: source.about,
      avatar: source.avatar,
      portfolios: t.t('embed.profile.portfolios', { count: source.portfolios }),
      followers: t.t('embed.profile.followers', { count: source.followers }),
      technologies: source.technologies,
      status,
      label: t.t('embed.profile.label', { name: source.name }),
      theme,
    };
    const version = versionOf({ drawing: DRAWING_VERSION, input });
    return {
      etag: `"${version}"`,
      svg: () =>
        this.keep(version, async () =>
          this.draw({ ...input, avatar: await this.avatarUri(input.avatar, theme) }),
        ),
    };
  }

  /** The card answered for a profile nobody may see, in `locale`. */
  missingProfileSvg(locale: Locale, theme: Theme): string {
    return notFoundSvg(translator(locale).t('embed.profile.notFound'), theme);
  }

  /** The portfolio's framed card, or null when nobody may see it. */
  async portfolioCard(linktitle: string, locale: Locale): Promise<{ html: string; etag: string } | null> {
    const source = await this.portfolio(linktitle);
    if (!source) return null;
    const t = translator(locale);
    const html = portfolioHtml({
      lang: LOCALE_INFO[locale].tag,
      title: source.title,
      authorName: source.authorName,
      href: `${this.deps.publicUrl}${LOCALE_INFO[locale].prefix}/portfolio/${encodeURIComponent(source.linktitle)}`,
      cover: source.cover && `/image/${encodeURIComponent(source.cover)}?w=256`,
      coverAlt: source.coverAlt,
      seed: source.title,
      technologies: source.technologies.slice(0, 5),
      likes: t.t('embed.portfolio.likes', { count: source.likes }),
      open: t.t('embed.portfolio.open'),
    });
    return { html, etag: `"${versionOf(html)}"` };
  }

  missingPortfolioHtml(locale: Locale): string {
    return notFoundHtml(LOCALE_INFO[locale].tag, translator(locale).t('embed.portfolio.notFound'));
  }

  /**
   * The oEmbed answer (oembed.com) for an address of this site: a portfolio's page or a profile's, in any
   * language. Anything else is a 404, as the specification asks.
   */
  async oembed(address: string | undefined, max: { width?: number; height?: number }): Promise<OEmbed> {
    const notOurs = () => notFound('problem.oembed.address');
    let url: URL;
    try {
      url = new URL(address ?? '');
    } catch {
      throw notOurs();
    }
    if (url.origin !== this.origin) throw notOurs();
    const { locale, path } = splitLocalePath(url.pathname.replace(/\/+$/, ''));
    const match = /^\/(portfolio|profile)\/([^/]+)$/.exec(path);
    if (!match) throw notOurs();
    let name: string;
    try {
      name = decodeURIComponent(match[2]!);
    } catch {
      throw notOurs();
    }
    const base = `${this.deps.publicUrl}${LOCALE_INFO[locale].prefix}`;
    if (match[1] === 'portfolio') {
      const source = await this.portfolio(name);
      if (!source) throw notFound('problem.portfolio.notFound');
      const linktitle = encodeURIComponent(source.linktitle);
      const size = scaled(PORTFOLIO_CARD_WIDTH, PORTFOLIO_CARD_HEIGHT, max);
      return this.answer(base, {
        title: source.title,
        authorName: source.authorName,
        authorUsername: source.authorUsername,
        html:
          `<iframe src="${escapeAttribute(`${base}/embed/portfolio/${linktitle}`)}" width="${size.width}" height="${size.height}" ` +
          `style="border:0" loading="lazy" title="${escapeAttribute(`${source.title} — Portfolio Master`)}"></iframe>`,
        size,
        thumbnail: `${base}/og/portfolio/${linktitle}.png`,
      });
    }
    const source = await this.profile(name);
    if (!source) throw notFound('problem.user.notFound');
    const username = encodeURIComponent(source.username);
    const size = scaled(PROFILE_CARD_WIDTH, PROFILE_CARD_HEIGHT, max);
    const label = translator(locale).t('embed.profile.label', { name: source.name });
    return this.answer(base, {
      title: source.name,
      authorName: source.name,
      authorUsername: source.username,
      html:
        `<a href="${escapeAttribute(`${base}/profile/${username}`)}">` +
        `<img src="${escapeAttribute(`${base}/embed/profile/${username}.svg`)}" alt="${escapeAttribute(label)}" ` +
        `width="${size.width}" height="${size.height}"></a>`,
      size,
      thumbnail: `${base}/og/profile/${username}.png`,
    });
  }

  private answer(
    base: string,
    card: {
      title: string;
      authorName: string;
      authorUsername: string;
      html: string;
      size: { width: number; height: number };
      thumbnail: string;
    },
  ): OEmbed {
    return {
      version: '1.0',
      type: 'rich',
      provider_name: 'Portfolio Master',
      provider_url: `${this.deps.publicUrl}/`,
      title: card.title,
      author_name: card.authorName,
      author_url: `${base}/profile/${encodeURIComponent(card.authorUsername)}`,
      html: card.html,
      width: card.size.width,
      height: card.size.height,
      thumbnail_url: card.thumbnail,
      thumbnail_width: 1200,
      thumbnail_height: 630,
      cache_age: CACHE_AGE_SECONDS,
    };
  }

  /** Draws one card; counted, since a card is drawn once per version of it. */
  protected draw(input: ProfileSvgInput): string {
    this.drawings += 1;
    return profileSvg(input);
  }

  /** The drawing of this version, kept; concurrent first requests share one drawing. */
  private async keep(version: string, draw: () => Promise<string>): Promise<string> {
    const kept = this.drawn.get(version);
    if (kept !== undefined) return kept;
    let job = this.pending.get(version);
    if (!job) {
      job = draw()
        .then((svg) => {
          this.drawn.set(version, svg);
          return svg;
        })
        .finally(() => this.pending.delete(version));
      this.pending.set(version, job);
    }
    return job;
  }

  /**
   * The avatar as a small JPEG inside a data: address (a README's image may load nothing else; JPEG is
   * what every SVG renderer reads), laid on the card's ground, at a lower quality while it is over its
   * budget; null (initials are drawn) when it cannot be read.
   */
  private async avatarUri(filename: string | null, theme: Theme): Promise<string | null> {
    if (!filename) return null;
    try {
      const file = await this.deps.imageStore.localOriginal(filename);
      if (!file) return null;
      const resized = await sharp(file)
        .rotate()
        .resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: 'cover' })
        .flatten({ background: backgroundOf(theme) })
        .toBuffer();
      let data = Buffer.alloc(0);
      for (const quality of [80, 60, 40, 20]) {
        data = await sharp(resized).jpeg({ quality, mozjpeg: true }).toBuffer();
        if (Math.ceil(data.length / 3) * 4 <= AVATAR_BUDGET) break;
      }
      return `data:image/jpeg;base64,${data.toString('base64')}`;
    } catch {
      return null;
    }
  }

  /** The profile as cards show it, or null when nobody may see it now. */
  private async profile(username: string): Promise<ProfileSource | null> {
    const source = await this.profiles.getOrLoad(username, async () => {
      const row = await this.deps.users.findByIdOrUsername(username);
      // A new account may take this name: sign-ups name `users`.
      if (!row) return { value: null, tags: [changeTags.users] };
      const [portfolios, technologies] = await Promise.all([
        countPortfolios(this.db, this.dialect, { technologyIds: [], searchTerms: [], authorId: row.id }),
        this.topTechnologies(row.id),
      ]);
      const skills = JSON.parse(row.skills) as string[];
      const value: ProfileSource = {
        id: row.id,
        username: row.username,
        name: fullName(row),
        about: row.headline.trim() || skills.slice(0, 5).join(', '),
        avatar: row.image,
        portfolios,
        followers: row.followers_count,
        technologies,
        status: row.work_status === 'looking' || row.work_status === 'open' ? row.work_status : null,
        hidden: row.hidden_at !== null,
        block: { blocked_at: row.blocked_at, blocked_until: row.blocked_until, blocked_reason: null },
      };
      return { value, tags: [changeTags.user(row.id), changeTags.technologies] };
    });
    return source && shown(source) ? source : null;
  }

  /** The three technologies most of the person's visible portfolios use; a tie goes by name. */
  private async topTechnologies(authorId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('portfolio_technologies as pt')
      .innerJoin('portfolios as p', 'p.id', 'pt.portfolio_id')
      .innerJoin('technologies as t', 't.id', 'pt.technology_id')
      .select(['t.name', (eb) => eb.fn.count<number | string>('pt.portfolio_id').distinct().as('uses')])
      .where('p.author_id', '=', authorId)
      .where('p.hidden_at', 'is', null)
      .groupBy('t.name')
      .execute();
    return rows
      .map((row) => ({ name: row.name, uses: Number(row.uses) }))
      .sort((a, b) => b.uses - a.uses || byName.compare(a.name, b.name) || (a.name < b.name ? -1 : 1))
      .slice(0, 3)
      .map((row) => row.name);
  }

  /** The portfolio as its card shows it, or null when nobody may see it or its author now. */
  private async portfolio(linktitle: string): Promise<PortfolioSource | null> {
    const source = await this.portfolioSources.getOrLoad(linktitle, async () => {
      const row = await this.deps.portfolios.find(linktitle);
      if (!row) return { value: null, tags: [changeTags.lists] };
      const author = await this.deps.users.findByIdOrUsername(row.author_id);
      if (!author) return { value: null, tags: [changeTags.lists] };
      const value: PortfolioSource = {
        id: row.id,
        linktitle: row.linktitle,
        title: row.title,
        authorName: fullName(author),
        authorUsername: author.username,
        cover: row.images[0] ?? null,
        coverAlt: row.imageAlts[0] ?? '',
        technologies: row.used,
        likes: row.likes_count,
        hidden: row.hidden_at !== null || author.hidden_at !== null,
        block: { blocked_at: author.blocked_at, blocked_until: author.blocked_until, blocked_reason: null },
      };
      return { value, tags: [changeTags.portfolio(row.id), changeTags.user(author.id)] };
    });
    return source && shown(source) ? source : null;
  }
}

/** The card's size within the reader's bounds, its proportions kept; never larger than it is drawn. */
export function scaled(
  width: number,
  height: number,
  max: { width?: number; height?: number },
): { width: number; height: number } {
  const factor = Math.min(1, (max.width ?? width) / width, (max.height ?? height) / height);
  const within = (side: number, bound = side) => Math.max(1, Math.min(bound, Math.round(side * factor)));
  return { width: within(width, max.width), height: within(height, max.height) };
}

/** oEmbed answers JSON only (a 501 for any other format, as the specification asks). */
export const formatNotAnswered = () => new HttpError(501, 'BAD_REQUEST', 'problem.oembed.format');
