import type { Document } from 'bson';
import os from 'node:os';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import { MultiRowWriter } from '../db/multi-row-insert.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { newId } from '../lib/ids.js';
import type { ImageStore, StoredImage } from '../modules/images/image-store.js';
import { technologySlug } from '../data/naming.js';
import { githubColumns } from '../data/github.repository.js';
import { ensureTechnologies, portfolioListsOf } from '../data/portfolios.repository.js';
import { GALLERY_MAX_DIMENSION } from '../modules/portfolios/portfolios.service.js';
import { writeSearchEntries } from '../data/search.repository.js';
import { AVATAR_MAX_DIMENSION } from '../modules/users/users.service.js';
import { type Dump, idOf } from './dump.js';
import {
  type Existing,
  type Plan,
  type PlannedPortfolio,
  type PlannedUser,
  planImport,
  type ProblemKind,
  type Problems,
} from './plan.js';

/**
 * Writes a planned import of the original site (see plan.ts) into our database, a batch at a time: each
 * batch of users or of portfolios (with their technologies, gallery, likes, comments and search entries)
 * is one transaction, so a failure leaves whole batches behind it. The rows are their own progress marker:
 * what is already there (by its original id) is skipped, so a run stopped halfway is finished by running
 * it again, and a run over a finished import changes nothing.
 */

export const KINDS = ['users', 'portfolios', 'likes', 'comments', 'images'] as const;
export type Kind = (typeof KINDS)[number];

export interface Totals {
  /** Written by this run (with `dryRun`: would be). */
  imported: number;
  /** Found already imported by an earlier run. */
  alreadyThere: number;
  /** Left out by a rule (see the problems). */
  skipped: number;
}

export interface ImportReport {
  totals: Record<Kind, Totals>;
  problems: Problems;
  dryRun: boolean;
  /** Whether anything was (or, with `dryRun`, would be) written. */
  changed: boolean;
}

export interface ImportOptions {
  dryRun?: boolean;
  /** Users and portfolios per transaction. */
  batch?: { users: number; portfolios: number };
  /** After each batch: how many users or portfolios of the dump are done. */
  progress?: (step: ProgressStep) => void;
}

export interface ProgressStep {
  kind: 'users' | 'portfolios';
  done: number;
  total: number;
}

export interface ImportTarget {
  db: Kysely<Database>;
  dialect: Dialect;
  imageStore: ImageStore;
}

type Executor = Kysely<Database> | Transaction<Database>;

const DEFAULT_BATCH = { users: 500, portfolios: 500 };
/** Images decoded and encoded at once by the import: one a core (sharp gives each image one thread). */
export const IMAGE_WORKERS = os.availableParallelism();

export async function importOriginal(
  dump: Dump,
  target: ImportTarget,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const dryRun = options.dryRun ?? false;
  const batch = options.batch ?? DEFAULT_BATCH;
  const progress = options.progress ?? (() => undefined);
  const plan = planImport(dump, await readExisting(target.db));
  const totals = Object.fromEntries(
    KINDS.map((kind) => [kind, { imported: 0, alreadyThere: 0, skipped: 0 }]),
  ) as Record<Kind, Totals>;
  const run = new ImportRun(target, new GridFs(dump), plan.problems, totals, dryRun);
  await run.loadMappedNames();

  // Users first: portfolios, likes and comments point at them.
  const inBatches = async <T>(
    kind: ProgressStep['kind'],
    rows: readonly T[],
    size: number,
    write: (batch: readonly T[]) => Promise<void>,
  ) => {
    for (let start = 0; start < rows.length; start += size) {
      await write(rows.slice(start, start + size));
      progress({ kind, done: Math.min(start + size, rows.length), total: rows.length });
    }
  };
  await inBatches('users', plan.users, batch.users, (users) => run.users(users));
  await inBatches('portfolios', plan.portfolios, batch.portfolios, (portfolios) =>
    run.portfolios(portfolios),
  );
  countSkipped(plan, totals);
  return {
    totals,
    problems: plan.problems,
    dryRun,
    changed: KINDS.some((kind) => totals[kind].imported > 0),
  };
}

async function readExisting(db: Kysely<Database>): Promise<Existing> {
  const users = await db.selectFrom('users').select(['id', 'username', 'email']).execute();
  const portfolios = await db.selectFrom('portfolios').select(['id', 'linktitle']).execute();
  const aliases = await db
    .selectFrom('portfolio_aliases')
    .select(['old_linktitle', 'portfolio_id'])
    .execute();
  return {
    usernames: new Map(users.map((user) => [user.username.toLowerCase(), user.id])),
    emails: new Map(users.flatMap((user) => (user.email === null ? [] : [[user.email, user.id] as const]))),
    linktitles: new Map(portfolios.map((portfolio) => [portfolio.linktitle, portfolio.id])),
    aliases: new Map(aliases.map((alias) => [alias.old_linktitle, alias.portfolio_id])),
  };
}

function countSkipped(plan: Plan, totals: Record<Kind, Totals>): void {
  const sum = (...kinds: ProblemKind[]) => kinds.reduce((n, kind) => n + plan.problems.count(kind), 0);
  totals.users.skipped = sum('user-without-id');
  totals.portfolios.skipped = sum('portfolio-without-id', 'portfolio-without-author');
  totals.likes.skipped = sum('like-by-missing-user', 'like-twice');
  totals.comments.skipped = sum('comment-without-author', 'comment-without-portfolio', 'comment-empty');
  totals.images.skipped = sum('image-missing', 'image-incomplete', 'image-undecodable');
}

/** An image of the original, saved but not yet placed, and the old name it keeps answering to. */
interface SavedImage {
  name: string;
  stored: StoredImage;
}

class ImportRun {
  /** Old image names that already point at a stored image. */
  private readonly mapped = new Set<string>();

  constructor(
    private readonly target: ImportTarget,
    private readonly files: GridFs,
    private readonly problems: Problems,
    private readonly totals: Record<Kind, Totals>,
    private readonly dryRun: boolean,
  ) {}

  async loadMappedNames(): Promise<void> {
    const rows = await this.target.db.selectFrom('original_images').select('name').execute();
    for (const row of rows) this.mapped.add(row.name);
  }

  async users(batch: readonly PlannedUser[]): Promise<void> {
    const present = await presentIds(
      this.target.db,
      'users',
      batch.map((user) => user.id),
    );
    const fresh = batch.filter((user) => !present.has(user.id));
    this.totals.users.alreadyThere += batch.length - fresh.length;
    this.totals.images.alreadyThere += await countImages(this.target.db, 'owner_id', [...present]);
    this.totals.users.imported += fresh.length;

    await this.saveAndWrite(
      fresh,
      (user) => (user.image ? [user.image] : []),
      AVATAR_MAX_DIMENSION,
      async (trx, saved) => {
        const avatarOf = (user: PlannedUser) => saved.get(user.id)?.[0];
        await trx
          .insertInto('users')
          .values(fresh.map((user) => userRow(user, avatarOf(user)?.stored.filename ?? null)))
          .execute();
        const images = fresh.flatMap((user) => {
          const avatar = avatarOf(user);
          return avatar ? [imageRow(avatar.stored, user.id, null, 0)] : [];
        });
        if (images.length > 0) await trx.insertInto('images').values(images).execute();
      },
    );
  }

  async portfolios(batch: readonly PlannedPortfolio[]): Promise<void> {
    const { db, dialect } = this.target;
    const present = await presentIds(
      db,
      'portfolios',
      batch.map((portfolio) => portfolio.id),
    );
    const fresh = batch.filter((portfolio) => !present.has(portfolio.id));
    for (const portfolio of batch) {
      const totals = present.has(portfolio.id) ? 'alreadyThere' : 'imported';
      this.totals.portfolios[totals] += 1;
      this.totals.likes[totals] += portfolio.likes.length;
      this.totals.comments[totals] += portfolio.comments.length;
    }
    this.totals.images.alreadyThere += await countImages(db, 'portfolio_id', [...present]);

    await this.saveAndWrite(
      fresh,
      (portfolio) => portfolio.images,
      GALLERY_MAX_DIMENSION,
      (trx, galleries) => writePortfolios(trx, dialect, fresh, galleries),
    );
  }

  /**
   * Saves the pictures of a batch's new users or portfolios (`names`, at most `maxDimension` pixels), then,
   * unless dry, writes the batch (`write`, told each one's saved pictures) and the old names in one
   * transaction. The pictures of a batch that fails are removed; those of one that is written are placed.
   */
  private async saveAndWrite<T extends { id: string }>(
    fresh: readonly T[],
    names: (item: T) => readonly string[],
    maxDimension: number,
    write: (trx: Transaction<Database>, saved: ReadonlyMap<string, readonly SavedImage[]>) => Promise<void>,
  ): Promise<void> {
    const saved = new Map<string, SavedImage[]>();
    // In the batch's order, whatever order the pictures were saved in: the first copy of a name is served.
    const all = () => fresh.flatMap((item) => saved.get(item.id) ?? []);
    try {
      await forEachAtOnce(fresh, IMAGE_WORKERS, async (item) => {
        const own: SavedImage[] = [];
        saved.set(item.id, own);
        for (const name of names(item)) {
          const image = await this.image(name, maxDimension);
          if (image) own.push(image);
        }
      });
      if (this.dryRun || fresh.length === 0) return;
      await this.target.db.transaction().execute(async (trx) => {
        await write(trx, saved);
        await this.writeMappings(trx, all());
      });
    } catch (error) {
      await this.target.imageStore.remove(filenamesOf(all()));
      throw error;
    }
    await this.placed(all());
  }

  /**
   * The original's image by name, decoded and saved through our pipeline (checked only, with `dryRun`);
   * undefined, with the problem counted, when it is missing or cannot be read.
   */
  private async image(name: string, maxDimension: number): Promise<SavedImage | undefined> {
    const bytes = this.files.read(name);
    if (typeof bytes === 'string') {
      this.problems.add(bytes, name);
      return undefined;
    }
    try {
      if (this.dryRun) {
        await this.target.imageStore.check(bytes);
        this.totals.images.imported += 1;
        return undefined;
      }
      const stored = await this.target.imageStore.save(bytes, { maxDimension });
      this.totals.images.imported += 1;
      return { name, stored };
    } catch (error) {
      if (error instanceof HttpError) {
        this.problems.add('image-undecodable', name);
        return undefined;
      }
      throw error;
    }
  }

  /** The first stored copy of an old name is the one served under it. */
  private async writeMappings(trx: Executor, images: readonly SavedImage[]): Promise<void> {
    const rows: { name: string; filename: string }[] = [];
    for (const image of images) {
      if (this.mapped.has(image.name) || rows.some((row) => row.name === image.name)) continue;
      rows.push({ name: image.name, filename: image.stored.filename });
    }
    if (rows.length > 0) await trx.insertInto('original_images').values(rows).execute();
  }

  private async placed(images: readonly SavedImage[]): Promise<void> {
    for (const image of images) this.mapped.add(image.name);
    await this.target.imageStore.place(filenamesOf(images));
  }
}

async function presentIds(
  db: Executor,
  table: 'users' | 'portfolios',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Images stored for these users' avatars or these portfolios' galleries by an earlier run. */
async function countImages(
  db: Executor,
  column: 'owner_id' | 'portfolio_id',
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('images')
    .select(db.fn.countAll<number | string>().as('n'))
    .where(column, 'in', ids)
    .$if(column === 'owner_id', (qb) => qb.where('portfolio_id', 'is', null))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A batch of new portfolios with everything that hangs on them, in multi-row statements: their rows and
 * old linktitles, technologies (by slug, the site's first spelling kept) and counts, galleries, likes,
 * comments, the lists copied onto their rows, and their search entries.
 */
async function writePortfolios(
  trx: Executor,
  dialect: Dialect,
  portfolios: readonly PlannedPortfolio[],
  galleries: ReadonlyMap<string, readonly SavedImage[]>,
): Promise<void> {
  const writer = new MultiRowWriter(trx, dialect);
  const named = new Map<string, { id: string; name: string; slug: string }>();
  for (const name of portfolios.flatMap((portfolio) => portfolio.technologies)) {
    const slug = technologySlug(name);
    if (!named.has(slug)) named.set(slug, { id: newId(), name, slug });
  }
  const technologyIds = await ensureTechnologies(trx, [...named.values()]);
  const links = portfolios.flatMap((portfolio) =>
    [...new Set(portfolio.technologies.map((name) => technologyIds.get(technologySlug(name))!))].map(
      (technologyId, position) => ({ portfolio_id: portfolio.id, technology_id: technologyId, position }),
    ),
  );
  const uses = new Map<string, number>();
  for (const link of links) uses.set(link.technology_id, (uses.get(link.technology_id) ?? 0) + 1);

  await writer.insert('portfolios', portfolios.map(portfolioRow));
  await writer.insert(
    'portfolio_aliases',
    portfolios.flatMap(({ id, oldLinktitle }) =>
      oldLinktitle === null ? [] : [{ old_linktitle: oldLinktitle, portfolio_id: id }],
    ),
  );
  await writer.insert('portfolio_technologies', links);
  for (const [technologyId, count] of uses) {
    await trx
      .updateTable('technologies')
      .set((eb) => ({ portfolios_count: eb('portfolios_count', '+', count) }))
      .where('id', '=', technologyId)
      .execute();
  }
  await writer.insert(
    'images',
    portfolios.flatMap((portfolio) =>
      (galleries.get(portfolio.id) ?? []).map((saved, position) =>
        imageRow(saved.stored, portfolio.authorId, portfolio.id, position),
      ),
    ),
  );
  await writer.insert(
    'likes',
    portfolios.flatMap((portfolio) =>
      portfolio.likes.map((userId) => ({
        portfolio_id: portfolio.id,
        user_id: userId,
        // The original kept no time of a like: the portfolio's own is the earliest it can be.
        created_at: portfolio.createdAt,
      })),
    ),
  );
  await writer.insert(
    'comments',
    portfolios.flatMap((portfolio) =>
      portfolio.comments.map((comment) => ({
        id: comment.id,
        portfolio_id: portfolio.id,
        author_id: comment.authorId,
        body: comment.body,
        created_at: comment.createdAt,
      })),
    ),
  );
  const ids = portfolios.map((portfolio) => portfolio.id);
  const lists = portfolioListsOf(dialect, sql.ref('portfolios.id'));
  await trx
    .updateTable('portfolios')
    .set({ technology_names: lists.technologies, image_names: lists.images, image_alts: lists.imageAlts })
    .where('id', 'in', ids)
    .execute();
  await writeSearchEntries(trx, dialect, ids);
}

/** Runs `work` on every item, at most `workers` at a time. */
async function forEachAtOnce<T>(
  items: readonly T[],
  workers: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker));
}

function userRow(user: PlannedUser, image: string | null) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    email_public: 0,
    password_hash: user.passwordHash,
    firstname: user.firstname,
    lastname: user.lastname,
    image,
    is_admin: user.isAdmin ? 1 : 0,
    description: user.description,
    skills: JSON.stringify(user.skills),
    github_profile: user.githubProfile,
    telegram_profile: user.telegramProfile,
    created_at: user.createdAt,
    updated_at: user.createdAt,
  };
}

function portfolioRow(portfolio: PlannedPortfolio) {
  return {
    id: portfolio.id,
    author_id: portfolio.authorId,
    title: portfolio.title,
    linktitle: portfolio.linktitle,
    description: portfolio.description,
    url: portfolio.url,
    repo_url: portfolio.repoUrl,
    likes_count: portfolio.likes.length,
    ranked_likes: portfolio.likes.filter((userId) => userId !== portfolio.authorId).length,
    comments_count: portfolio.comments.length,
    created_at: portfolio.createdAt,
    updated_at: portfolio.createdAt,
    // Its repository's stars are checked from now on, the longest waiting first.
    ...githubColumns(portfolio.repoUrl, new Date().toISOString()),
  };
}

function imageRow(stored: StoredImage, ownerId: string, portfolioId: string | null, position: number) {
  return {
    filename: stored.filename,
    owner_id: ownerId,
    portfolio_id: portfolioId,
    position,
    width: stored.width,
    height: stored.height,
    bytes: stored.bytes,
    created_at: new Date().toISOString(),
  };
}

function filenamesOf(images: Iterable<SavedImage>): string[] {
  return [...images].map((image) => image.stored.filename);
}

/**
 * The GridFS bucket `uploads`: files by name (the newest upload of a name wins) or by id, each put back
 * together from its chunks in the order of `n`.
 */
export class GridFs {
  private readonly byName = new Map<string, Document>();
  private readonly byId = new Map<string, Document>();

  constructor(private readonly dump: Dump) {
    for (const file of dump['uploads.files']) {
      const id = idOf(file._id);
      if (!id) continue;
      this.byId.set(id, file);
      const name = typeof file.filename === 'string' ? file.filename : undefined;
      const earlier = name === undefined ? undefined : this.byName.get(name);
      if (name !== undefined && (!earlier || uploadTime(file) >= uploadTime(earlier))) {
        this.byName.set(name, file);
      }
    }
  }

  /** The file's bytes, or which problem keeps it out. */
  read(name: string): Buffer | 'image-missing' | 'image-incomplete' {
    const file = this.byName.get(name) ?? this.byId.get(name.replace(/\.[^.]*$/, '').toLowerCase());
    if (!file) return 'image-missing';
    const length = Number(file.length);
    const chunks = this.dump.chunks.read(idOf(file._id)!).sort((a, b) => Number(a.n) - Number(b.n));
    if (chunks.some((chunk, index) => Number(chunk.n) !== index || !Buffer.isBuffer(chunk.data))) {
      return 'image-incomplete';
    }
    const bytes = Buffer.concat(chunks.map((chunk) => chunk.data as Buffer));
    return bytes.length === length && length > 0 ? bytes : 'image-incomplete';
  }
}

function uploadTime(file: Document): number {
  return file.uploadDate instanceof Date ? file.uploadDate.getTime() : 0;
}
