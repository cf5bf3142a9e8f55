import fs from 'node:fs/promises';
import path from 'node:path';
import { fullName, shorten } from '@portfolio-master/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { JobSlots, type ImageStore } from '../images/image-store.js';
import { KeptDrawings, type KeptDrawing } from '../images/kept-drawings.js';
import { countPortfolios } from '../../data/portfolios.repository.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { UsersService } from '../users/users.service.js';
import {
  drawPortfolioCard,
  drawProfileCard,
  drawSiteCard,
  type PortfolioCardInput,
  type ProfileCardInput,
} from './og-cards.js';
import { translator } from '../../lib/translators.js';
import type { Locale } from '@portfolio-master/i18n';

/** Part of every card's version: bump it when the drawing changes, so every card is drawn anew. */
const DRAWING_VERSION = 3;

export type Card = KeptDrawing;

/**
 * Preview cards, drawn on first request and kept in `UPLOAD_DIR/og` (`KeptDrawings`): a card is drawn
 * again exactly when what it shows changes (a title, a name, an avatar, the technologies, the cover).
 * One card is drawn at a time.
 */
export class PreviewCards {
  readonly dir: string;
  private readonly kept: KeptDrawings;
  private readonly drawing = new JobSlots(1);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly deps: { imageStore: ImageStore; portfolios: PortfoliosService; users: UsersService },
  ) {
    this.dir = path.join(deps.imageStore.dir, 'og');
    this.kept = new KeptDrawings(this.dir, '.png', DRAWING_VERSION);
  }

  async init(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
  }

  /**
   * A card outlives nothing it shows: when a write that can delete portfolios (one that names the lists;
   * a like or a comment cannot) names a portfolio that is gone, its card goes too.
   */
  follow(changes: ChangeFeed, logger: FastifyBaseLogger): void {
    changes.subscribe((tags) => {
      if (!tags.includes(changeTags.lists) && !tags.includes(changeTags.everything)) return;
      for (const tag of tags) {
        const id = /^portfolio:(.+)$/.exec(tag)?.[1];
        if (id) {
          void this.removeIfGone(id).catch((error: unknown) =>
            logger.warn({ err: error }, 'preview card: removing a deleted portfolio’s card failed'),
          );
        }
      }
    });
  }

  private async removeIfGone(portfolioId: string): Promise<void> {
    if (await this.deps.portfolios.find(portfolioId)) return;
    const files = (await fs.readdir(this.dir)).filter((entry) =>
      entry.startsWith(`portfolio-${portfolioId}-`),
    );
    await Promise.all(files.map((entry) => fs.rm(path.join(this.dir, entry), { force: true })));
  }

  /** Null when there is no such portfolio. */
  async portfolio(linktitle: string): Promise<Card | null> {
    const row = await this.deps.portfolios.find(linktitle);
    if (!row) return null;
    const input: PortfolioCardInput = {
      title: row.title,
      authorName: fullName({
        firstname: row.author_firstname,
        lastname: row.author_lastname,
        username: row.author_username,
      }),
      username: row.author_username,
      avatar: row.author_image,
      cover: row.images[0] ?? null,
      technologies: row.used,
    };
    return this.card(`portfolio-${row.id}`, input, async () =>
      drawPortfolioCard({
        ...input,
        avatar: await this.imagePath(input.avatar),
        cover: await this.imagePath(input.cover),
      }),
    );
  }

  /** Null when there is no such user. The count under the avatar is written in `locale`. */
  async profile(username: string, locale: Locale): Promise<Card | null> {
    const user = await this.deps.users.findByIdOrUsername(username);
    // A profile a moderator hid has no card, as it has no page.
    if (!user || user.hidden_at !== null) return null;
    const portfolios = await countPortfolios(this.db, this.dialect, {
      technologyIds: [],
      searchTerms: [],
      authorId: user.id,
    });
    const skills = JSON.parse(user.skills) as string[];
    const input: ProfileCardInput = {
      name: fullName(user),
      username: user.username,
      avatar: user.image,
      // What the person does in a line, else the first line of the bio, else the skills.
      about: user.headline || shorten(user.description.trim().split('\n')[0] ?? '', 200) || skills.join(', '),
      portfolios: translator(locale).t('card.profile.portfolios', { count: portfolios }),
    };
    // One card per language; each name ends before the version, so one never removes another's.
    return this.card(`profile-${locale}-${user.id}`, input, async () =>
      drawProfileCard({ ...input, avatar: await this.imagePath(input.avatar) }),
    );
  }

  /** The site's card, its tagline in `locale`. */
  site(locale: Locale): Promise<Card> {
    const tagline = translator(locale).t('card.site.tagline');
    return this.card(`site-${locale}`, { tagline }, () => drawSiteCard(tagline));
  }

  /** A local copy of an image for drawing (fetched from the bucket when this instance has none). */
  private imagePath(filename: string | null): Promise<string | null> {
    return filename ? this.deps.imageStore.localOriginal(filename) : Promise.resolve(null);
  }

  private card(name: string, input: object, draw: () => Promise<Buffer>): Promise<Card> {
    return this.kept.get(name, input, () => this.draw(draw));
  }

  /** Draws one card, one at a time; overridden in tests to count the drawings. */
  protected draw(render: () => Promise<Buffer>): Promise<Buffer> {
    return this.drawing.run(render);
  }
}
