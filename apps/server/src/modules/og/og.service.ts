import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fullName, shorten } from '@portfolio-master/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { newId } from '../../lib/ids.js';
import { TEMPORARY_SUFFIX } from '../../lib/uploads.js';
import { JobSlots, type ImageStore } from '../images/image-store.js';
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
import { fileExists } from '../../lib/files.js';
import { translator } from '../../lib/translators.js';
import type { Locale } from '@portfolio-master/i18n';

/** Part of every card's version: bump it when the drawing changes, so every card is drawn anew. */
const DRAWING_VERSION = 3;

export interface Card {
  file: string;
  etag: string;
}

/**
 * Preview cards, drawn on first request and kept in `UPLOAD_DIR/og` under a name that holds a hash of
 * everything drawn on them: a card is drawn again exactly when what it shows changes (a title, a name,
 * an avatar, the technologies, the cover), and the older version of it is removed then. Concurrent first
 * requests for one card share one drawing; one card is drawn at a time.
 */
export class PreviewCards {
  readonly dir: string;
  private readonly pending = new Map<string, Promise<Card>>();
  private readonly drawing = new JobSlots(1);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly deps: { imageStore: ImageStore; portfolios: PortfoliosService; users: UsersService },
  ) {
    this.dir = path.join(deps.imageStore.dir, 'og');
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
    const version = createHash('sha256')
      .update(JSON.stringify({ drawing: DRAWING_VERSION, input }))
      .digest('base64url')
      .slice(0, 20);
    const file = path.join(this.dir, `${name}-${version}.png`);
    const key = path.basename(file);
    let job = this.pending.get(key);
    if (!job) {
      job = this.ensure(name, file, version, draw).finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }

  /** Draws one card, one at a time; overridden in tests to count the drawings. */
  protected draw(render: () => Promise<Buffer>): Promise<Buffer> {
    return this.drawing.run(render);
  }

  private async ensure(
    name: string,
    file: string,
    version: string,
    draw: () => Promise<Buffer>,
  ): Promise<Card> {
    const card = { file, etag: `"${version}"` };
    if (await fileExists(file)) return card;
    const png = await this.draw(draw);
    const temporary = `${file}.${newId()}${TEMPORARY_SUFFIX}`;
    await fs.writeFile(temporary, png);
    await fs.rename(temporary, file);
    // The versions drawn before this one show what is no longer so.
    const older = (await fs.readdir(this.dir)).filter(
      (entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png') && entry !== path.basename(file),
    );
    await Promise.all(older.map((entry) => fs.rm(path.join(this.dir, entry), { force: true })));
    return card;
  }
}
