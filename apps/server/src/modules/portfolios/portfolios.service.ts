import * as channelPosts from '../../data/telegram-channel.repository.js';
import { githubColumns } from '../../data/github.repository.js';
import type {
  PortfolioAuthor,
  CreatePortfolioBody,
  Portfolio,
  PortfolioListQuery,
  PortfolioPage,
  PortfolioSummary,
  Technology,
  UpdatePortfolioBody,
  WorkStatus,
} from '@portfolio-master/contract';
import { BOUNDS, keptTechnologyNames, LIMITS, type ListSort, listSort } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { toIsoString } from '../../lib/dates.js';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { message } from '../../lib/messages.js';
import { isId, newId } from '../../lib/ids.js';
import type { MarkdownRenderer } from '../../lib/markdown.js';
import { personal, type Read, type Reads } from '../../lib/reads.js';
import { alignedAlts } from '../../lib/string-list.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { ImageInput, ImageStore, StoredImage } from '../images/image-store.js';
import { findPortfolioImageNames, findPortfolioImages } from '../../data/images.repository.js';
import { findNewestLikerIds } from '../../data/likes.repository.js';
import { type CoauthorRow, findCoauthors } from '../../data/coauthors.repository.js';
import { findUserByUsername } from '../../data/users.repository.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { refreshTrendScores } from '../../data/trending.js';
import type { UsersService } from '../users/users.service.js';
import {
  baseLinktitle,
  numberedLinktitle,
  technologySlug,
  technologySlugCandidates,
} from '../../data/naming.js';
import * as portfolios from '../../data/portfolios.repository.js';
import * as related from '../../data/related.repository.js';
import { pickRelated, titleWords } from './related.js';
import { findKeptTechnologies } from '../../data/technologies.repository.js';
import { movedTechnology } from './technology-names.js';
import { deleteDraft } from '../../data/drafts.repository.js';
import { type ListCriteria, NO_CRITERIA, planCount, planPage } from '../../data/list-plan.js';
import type { ListTotals } from './list-totals.js';
import { findRelevancePage } from '../../data/relevance.repository.js';
import { toSearchTerms, writeSearchEntry } from '../../data/search.repository.js';
import { correctedTerms } from '../../data/spelling.repository.js';
import { groupBy } from '../../lib/group-by.js';

export const GALLERY_MAX_DIMENSION = 2048;

export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** Candidate linktitles checked per query, and creates tried before giving up under contention. */
const LINKTITLE_BATCH = 20;
const LINKTITLE_ATTEMPTS = 20;

const linktitleBusy = () => new HttpError(409, 'CONFLICT', 'problem.portfolio.busy');

const tooManyImages = () =>
  validationFailed('images', message('problem.portfolio.tooManyImages', { max: LIMITS.images.maxFiles }));

/**
 * The descriptions of a gallery of `count` pictures in its final order: those sent, '' for the rest; more
 * than there are pictures is refused (docs/decisions/0049).
 */
function galleryAlts(sent: readonly string[], count: number): string[] {
  if (sent.length > count) throw validationFailed('imageAlts', 'validation.imageAlt.tooMany');
  return alignedAlts(count, sent);
}

/** What a created, edited or deleted portfolio may change: its page, the catalog, lists, technologies, its author's counts. */
export const portfolioChange = (id: string, authorId: string) => [
  changeTags.portfolio(id),
  changeTags.catalog,
  changeTags.lists,
  changeTags.technologies,
  changeTags.users,
  changeTags.user(authorId),
];

export class PortfoliosService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly deps: {
      users: UsersService;
      comments: CommentsService;
      imageStore: ImageStore;
      /** Totals of recent lists; cleared through `changes` by every write that changes a list. */
      totals: ListTotals;
      changes: ChangeFeed;
      /** Pages and portfolios as everyone sees them, cached until a write changes them. */
      reads: Reads;
      notifications: NotificationsService;
      /** Descriptions as HTML, pictures from other sites through the site's proxy. */
      renderMarkdown: MarkdownRenderer;
      /** The site's Telegram channel is on: new public portfolios are queued for it. */
      postsToChannel?: boolean;
    },
  ) {}

  private authorOf(row: portfolios.PortfolioWithAuthor): PortfolioAuthor {
    return this.coauthorOf({
      id: row.author_id,
      username: row.author_username,
      firstname: row.author_firstname,
      lastname: row.author_lastname,
      image: row.author_image,
      is_admin: row.author_is_admin,
      email: row.author_email,
      work_status: row.author_work_status,
    });
  }

  /** An author or co-author as their avatar shows on cards and pages. */
  coauthorOf(row: Omit<CoauthorRow, 'portfolio_id' | 'status'>): PortfolioAuthor {
    return {
      _id: row.id,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      image: row.image,
      isAdmin: this.deps.users.isAdmin({ is_admin: row.is_admin, email: row.email }),
      openToWork: row.work_status as WorkStatus,
    };
  }

  /**
   * Summaries for a page of rows, as anyone sees them (`likedByMe` false; see `personalize`), with their
   * accepted co-authors (one look-up by the primary key for the page).
   */
  private async summaries(rows: portfolios.PortfolioWithAuthor[]): Promise<PortfolioSummary[]> {
    const credited = groupBy(
      await findCoauthors(
        this.db,
        rows.map((row) => row.id),
      ),
      (row) => row.portfolio_id,
      (row) => this.coauthorOf(row),
    );
    return rows.map((row) => ({
      _id: row.id,
      linktitle: row.linktitle,
      title: row.title,
      description: row.description,
      url: row.url,
      repoUrl: row.repo_url,
      images: row.images,
      imageAlts: row.imageAlts,
      used: row.used,
      date: toIsoString(row.created_at),
      updatedAt: toIsoString(row.updated_at),
      author: this.authorOf(row),
      ...(credited.has(row.id) ? { coauthors: credited.get(row.id) } : {}),
      likesCount: row.likes_count,
      commentsCount: row.comments_count,
      likedByMe: false,
      ...(row.github_repo !== null && row.github_stars !== null
        ? { github: { stars: row.github_stars, language: row.github_language } }
        : {}),
    }));
  }

  /**
   * Cards everyone sees alike, with which of them the viewer likes, from one indexed look-up. Cached reads
   * are copied, never changed.
   */
  private async personalize(
    items: readonly PortfolioSummary[],
    viewerId: string,
  ): Promise<PortfolioSummary[]> {
    const liked = await this.likedBy(viewerId, items);
    return items.map((item) => (liked.has(item._id) ? { ...item, likedByMe: true } : item));
  }

  /** Portfolios in detail as the viewer sees them: also their own like first among the liker ids. */
  private async personalizeDetails(items: readonly Portfolio[], viewerId: string): Promise<Portfolio[]> {
    const liked = await this.likedBy(viewerId, items);
    const read = await Promise.all(
      items.map((item) => this.deps.comments.forReader({ items: item.comments }, viewerId)),
    );
    return items.map((item, index) => {
      // Without the comments of those the viewer blocked or muted, or who blocked the viewer (decision 55).
      const seen = read[index]!.items === item.comments ? item : { ...item, comments: read[index]!.items };
      return liked.has(item._id)
        ? {
            ...seen,
            likedByMe: true,
            likes: [viewerId, ...item.likes.filter((id) => id !== viewerId)].slice(0, BOUNDS.likeIds),
          }
        : seen;
    });
  }

  private likedBy(viewerId: string, items: readonly PortfolioSummary[]): Promise<Set<string>> {
    return portfolios.findLikedBy(
      this.db,
      viewerId,
      items.map((item) => item._id),
    );
  }

  /**
   * Portfolios as their detail shows them: bounded however popular they are (the newest comments with a
   * cursor for the rest; liker ids for clients that count them, the viewer's own first, see `BOUNDS`).
   */
  private async full(rows: portfolios.PortfolioWithAuthor[]): Promise<Portfolio[]> {
    const ids = rows.map((row) => row.id);
    const [likers, comments] = await Promise.all([
      findNewestLikerIds(this.db, ids, BOUNDS.likeIds),
      this.deps.comments.newest(ids),
    ]);
    const likes = groupBy(
      likers,
      (l) => l.portfolio_id,
      (l) => l.user_id,
    );
    return (await this.summaries(rows)).map((summary) => {
      const page = comments.get(summary._id);
      return {
        ...summary,
        descriptionHtml: this.deps.renderMarkdown(summary.description),
        likes: likes.get(summary._id) ?? [],
        comments: page?.items ?? [],
        commentsNext: page?.next ?? null,
      };
    });
  }

  /** "Haftaning eng yaxshilari": the highest trending scores, only portfolios that have one. */
  async weekBest(viewerId: string | null): Promise<Read<PortfolioSummary[]>> {
    const read = await this.deps.reads.get('week-best', async () => {
      const ids = await portfolios.findTrendingIds(this.db, WEEK_BEST);
      return {
        value: await this.summaries(await portfolios.findPortfoliosByIds(this.db, ids)),
        tags: listTags(ids, 'trending'),
      };
    });
    if (!viewerId) return read;
    return personal(await this.personalize(read.value, viewerId), read);
  }

  /**
   * Recomputes the trending scores (see trending.ts) and tells the cached lists sorted by them. Run at
   * start and every few minutes; on several instances each does it, to the same result.
   */
  async refreshTrending(now = new Date()): Promise<number> {
    const scored = await refreshTrendScores(this.db, this.dialect, now);
    await this.deps.changes.publish([changeTags.ranking('trending')]);
    return scored;
  }

  /** Portfolios by id, in that order, as cards the viewer sees (their own likes marked). */
  async cards(ids: readonly string[], viewerId: string | null): Promise<PortfolioSummary[]> {
    const rows = await portfolios.findPortfoliosByIds(this.db, ids);
    const items = await this.summaries(rows.filter((row) => row.hidden_at === null));
    return viewerId ? this.personalize(items, viewerId) : items;
  }

  /**
   * A page of portfolios: cached as everyone sees it (until a write changes one of its portfolios, which
   * portfolios match, or, sorted by counts, their order), then the viewer's likes added.
   */
  async page(query: PortfolioListQuery, viewerId: string | null): Promise<Read<PortfolioPage>> {
    const sort = listSort(query.sort, toSearchTerms(query.q ?? '').length > 0);
    const key = `page:${JSON.stringify([query.page, query.limit, sort, query.filter, query.q ?? '', query.author ?? ''])}`;
    const read = await this.deps.reads.get(key, () => this.loadPage(query, sort));
    if (!viewerId) return read;
    return personal({ ...read.value, items: await this.personalize(read.value.items, viewerId) }, read);
  }

  /** A list request, step by step as list-plan.ts describes it. */
  private async loadPage(query: PortfolioListQuery, sort: ListSort): Promise<Read<PortfolioPage>> {
    const page = (items: PortfolioSummary[], total: number, ids: readonly string[], suggestion?: string) => ({
      value: {
        items,
        total,
        page: query.page,
        limit: query.limit,
        pageCount: Math.ceil(total / query.limit),
        ...(suggestion === undefined ? {} : { suggestion }),
      },
      tags: listTags(ids, sort),
    });
    // 1. Names to ids: a technology or author that does not exist matches nothing.
    const criteria = await this.criteria(query);
    if (!criteria) return page([], 0, []);
    // 2. The count, and for a search that finds little, a close spelling that finds more.
    const total = await this.total(criteria);
    const suggestion = total < SUGGEST_BELOW ? await this.suggestion(criteria, total) : undefined;
    // 3. Which index yields the page.
    const offset = (query.page - 1) * query.limit;
    let ids: string[];
    if (sort === 'relevance') {
      ids = await findRelevancePage(this.db, this.dialect, criteria, query.limit, offset);
    } else {
      const plan = await planPage(
        this.dialect,
        { criteria, sort, limit: query.limit, offset },
        { matches: total, portfolios: () => this.total(NO_CRITERIA) },
      );
      ids = await portfolios.findPageIds(this.db, plan);
    }
    // 4. The rows.
    const rows = await portfolios.findPortfoliosByIds(this.db, ids);
    return page(await this.summaries(rows), total, ids, suggestion);
  }

  /**
   * The search with each unknown word of five letters or more replaced by the closest indexed word one or
   * two edits away, when that finds more than the search did.
   */
  private async suggestion(criteria: ListCriteria, total: number): Promise<string | undefined> {
    const corrected = await correctedTerms(this.db, this.dialect, criteria.searchTerms);
    if (!corrected) return undefined;
    const found = await this.total({ ...criteria, searchTerms: corrected });
    return found > total ? corrected.join(' ') : undefined;
  }

  private total(criteria: ListCriteria): Promise<number> {
    return this.deps.totals.get(criteria, () =>
      portfolios.countMatches(this.db, planCount(this.dialect, criteria)),
    );
  }

  /** The list's criteria by id; undefined when a named technology or author does not exist. */
  private async criteria(query: PortfolioListQuery): Promise<ListCriteria | undefined> {
    // A technology is found by its kept name, as written, else in the other script; one merged into
    // another finds that one (its pages answer 301 to the kept name; the API answers the same list).
    const wanted = [...new Set(query.filter.map(technologySlug))].map(technologySlugCandidates);
    const [found, author] = await Promise.all([
      portfolios.findTechnologyIds(this.db, [...new Set(wanted.flat())]),
      query.author ? findUserByUsername(this.db, query.author) : undefined,
    ]);
    const idOf = (candidates: string[], known: ReadonlyMap<string, string>) =>
      candidates.map((slug) => known.get(slug)).find((id) => id !== undefined);
    let technologyIds = wanted.map((candidates) => idOf(candidates, found));
    if (technologyIds.includes(undefined)) {
      const merged = await findKeptTechnologies(this.db, [...new Set(wanted.flat())]);
      const mergedIds = new Map([...merged].map(([slug, technology]) => [slug, technology.id]));
      technologyIds = wanted.map((candidates) => idOf(candidates, found) ?? idOf(candidates, mergedIds));
    }
    if (technologyIds.includes(undefined) || (query.author && !author)) return undefined;
    return {
      technologyIds: [...new Set(technologyIds as string[])].sort(),
      searchTerms: toSearchTerms(query.q ?? ''),
      authorId: author?.id,
    };
  }

  async all(limit: number, offset: number, viewerId: string | null): Promise<Read<Portfolio[]>> {
    const read = await this.deps.reads.get(`all:${limit}:${offset}`, async () => {
      const ids = await portfolios.listPortfolioIds(this.db, this.dialect, NO_CRITERIA, 'new', limit, offset);
      return {
        value: await this.full(await portfolios.findPortfoliosByIds(this.db, ids)),
        tags: listTags(ids, 'new'),
      };
    });
    if (!viewerId) return read;
    return personal(await this.personalizeDetails(read.value, viewerId), read);
  }

  /** The most used technologies, or (`q`) those whose name starts with it: never an unbounded list. */
  async technologies(query: { q?: string | undefined; limit: number }): Promise<Technology[]> {
    const rows = await portfolios.listTechnologies(this.db, this.dialect, {
      prefix: query.q ? technologySlug(query.q) : undefined,
      limit: query.limit,
    });
    return rows.map((row) => ({ name: row.name, count: row.portfolios_count }));
  }

  /**
   * By id first, then by linktitle, as `viewer` may see it: a portfolio a moderator hid is there only for
   * its author and admins.
   */
  async find(
    idOrLinktitle: string,
    viewer: Actor | null = null,
  ): Promise<portfolios.PortfolioWithAuthor | undefined> {
    const row = await this.findAny(idOrLinktitle);
    return row && canSee(row, viewer) ? row : undefined;
  }

  /**
   * By id first, then by linktitle, then by an old linktitle an imported portfolio had (never over a
   * current one), hidden or not.
   */
  private async findAny(idOrLinktitle: string): Promise<portfolios.PortfolioWithAuthor | undefined> {
    // No linktitle holds U+0000, and PostgreSQL refuses it in a query parameter.
    if (idOrLinktitle.includes('\u0000')) return undefined;
    if (isId(idOrLinktitle)) {
      const byId = await portfolios.findPortfolioById(this.db, idOrLinktitle);
      if (byId) return byId;
    }
    return (
      (await portfolios.findPortfolioByLinktitle(this.db, idOrLinktitle)) ??
      portfolios.findPortfolioByOldLinktitle(this.db, idOrLinktitle)
    );
  }

  /**
   * `require` for a write that needs only the portfolio's id and author (a like, a comment): by id, three
   * columns by primary key; by linktitle, as `require` finds it.
   */
  async requireKey(idOrLinktitle: string, viewer: Actor | null = null): Promise<portfolios.PortfolioKey> {
    const byId = isId(idOrLinktitle)
      ? await portfolios.findPortfolioKeyById(this.db, idOrLinktitle)
      : undefined;
    const row = byId ?? (await this.findAny(idOrLinktitle));
    if (!row || !canSee(row, viewer)) throw notFound('problem.portfolio.notFound');
    return row;
  }

  /**
   * The current linktitle of the portfolio an old linktitle leads to, as everyone may see it; null for a
   * current address or one that leads nowhere. Cached as `get` caches the portfolio.
   */
  async movedTo(address: string): Promise<Read<string | null>> {
    const { value, tags } = await this.get(address, null);
    const moved = value !== null && address !== value._id && address !== value.linktitle;
    return { value: moved ? value.linktitle : null, tags };
  }

  /**
   * The name a technology's filter and feed addresses move to (`movedTechnology`), null when they stay:
   * cached until the technologies change (a merge).
   */
  async movedTechnology(name: string): Promise<Read<string | null>> {
    const slug = technologySlug(name);
    // No technology has a longer name: such an address is not kept.
    if (slug.length > LIMITS.technologies.itemMax) return { value: null, tags: null };
    return this.deps.reads.get(`moved-technology:${slug}`, async () => ({
      value: (await movedTechnology(this.db, name)) ?? null,
      tags: [changeTags.technologies],
    }));
  }

  async require(idOrLinktitle: string, viewer: Actor | null = null): Promise<portfolios.PortfolioWithAuthor> {
    const row = await this.find(idOrLinktitle, viewer);
    if (!row) throw notFound('problem.portfolio.notFound');
    return row;
  }

  /**
   * One portfolio by id or linktitle, with its newest comments and likers: cached as everyone sees
   * it until a write changes it, then the viewer's like added. Null (cached until any portfolio is created)
   * when there is none.
   */
  async get(idOrLinktitle: string, viewer: Actor | null): Promise<Read<Portfolio | null>> {
    const read = await this.deps.reads.get(`portfolio:${idOrLinktitle}`, () => this.load(idOrLinktitle));
    const value = read.value;
    if (value?.hidden) {
      // Hidden: its author's and admins' own answer, never cached as anyone's.
      if (!canSee({ author_id: value.author._id, hidden_at: value.hidden.date }, viewer)) {
        return { value: null, tags: null };
      }
      const [mine] = await this.personalizeDetails([value], viewer!.id);
      return { value: mine!, tags: null };
    }
    if (!viewer || !value) return read;
    const [mine] = await this.personalizeDetails([value], viewer.id);
    return personal<Portfolio | null>(mine!, read);
  }

  /**
   * "O‘xshash loyihalar" of a portfolio anyone may see (null when there is none, or it is hidden), as
   * everyone sees them, then the viewer's likes added. Kept until the portfolio, a card shown or its
   * author changes; otherwise (a newer portfolio that would rank among them) within the reads' expiry
   * (docs/decisions/0061-related-work.md).
   */
  async related(idOrLinktitle: string, viewerId: string | null): Promise<Read<PortfolioSummary[] | null>> {
    const read = await this.deps.reads.get(`related:${idOrLinktitle}`, () => this.loadRelated(idOrLinktitle));
    if (!viewerId || !read.value) return read;
    return personal<PortfolioSummary[] | null>(await this.personalize(read.value, viewerId), read);
  }

  private async loadRelated(idOrLinktitle: string): Promise<Read<PortfolioSummary[] | null>> {
    const row = await this.findAny(idOrLinktitle);
    if (!row) return { value: null, tags: [changeTags.lists] };
    if (row.hidden_at !== null) return { value: null, tags: [changeTags.portfolio(row.id)] };
    const technologyIds = await related.findTechnologyIdsOf(this.db, row.id);
    const candidateIds = await related.findRelatedCandidateIds(
      this.db,
      this.dialect,
      technologyIds,
      titleWords(row.title),
    );
    const candidates = await related.findRelatedCandidates(this.db, candidateIds, new Date().toISOString());
    const ids = pickRelated({ ...row, technology_ids: technologyIds }, candidates);
    const rows = await portfolios.findPortfoliosByIds(this.db, ids);
    return {
      value: await this.summaries(rows),
      tags: [
        changeTags.portfolio(row.id),
        ...(row.id === idOrLinktitle || row.linktitle === idOrLinktitle ? [] : [changeTags.lists]),
        ...rows.flatMap((shown) => [changeTags.portfolio(shown.id), changeTags.user(shown.author_id)]),
      ],
    };
  }

  private async load(idOrLinktitle: string): Promise<Read<Portfolio | null>> {
    const row = await this.findAny(idOrLinktitle);
    if (!row) return { value: null, tags: [changeTags.lists] };
    const [portfolio] = await this.full([row]);
    if (row.channel_opt_out === 1) portfolio!.channelOptOut = true;
    if (row.hidden_at !== null) {
      portfolio!.hidden = { reason: row.hidden_reason ?? '', date: toIsoString(row.hidden_at) };
    }
    // An old linktitle is taken over by a portfolio created with it as its own: every create changes lists.
    const byOldLinktitle = idOrLinktitle !== row.id && idOrLinktitle !== row.linktitle;
    return {
      value: portfolio!,
      tags: [changeTags.portfolio(row.id), ...(byOldLinktitle ? [changeTags.lists] : [])],
    };
  }

  async create(
    author: { id: string; username: string; firstname: string; lastname: string },
    body: CreatePortfolioBody,
    uploads: ImageInput[],
  ): Promise<Portfolio> {
    if (uploads.length > LIMITS.images.maxFiles) throw tooManyImages();
    const alts = galleryAlts(body.imageAlts ?? [], uploads.length);
    const stored = await this.deps.imageStore.saveAll(uploads, { maxDimension: GALLERY_MAX_DIMENSION });
    const now = new Date();
    const id = newId(now);
    const base = baseLinktitle(author.username, body.title);
    let notified: string[] = [];
    try {
      // A concurrent create of the same title can take the chosen linktitle first: try the next free one.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.db.transaction().execute(async (trx) => {
            // A published draft goes with this create, or the create with it: published once at most.
            if (body.draftId !== undefined && !(await deleteDraft(trx, body.draftId, author.id))) {
              throw notFound('problem.draft.notFound');
            }
            await portfolios.insertPortfolio(trx, {
              id,
              author_id: author.id,
              title: body.title,
              linktitle: await freeLinktitle(trx, base),
              description: body.description ?? '',
              url: body.url,
              repo_url: body.repoUrl ?? null,
              created_at: now.toISOString(),
              updated_at: now.toISOString(),
              channel_opt_out: body.channelOptOut ? 1 : 0,
              ...githubColumns(body.repoUrl ?? null, now.toISOString()),
            });
            await this.writeTechnologies(trx, id, body.used);
            await portfolios.replacePortfolioImages(trx, id, author.id, [], stored, alts);
            await writeSearchEntry(trx, this.dialect, id);
            // Posted to the site's channel once, by its worker (docs/decisions/0046).
            if (this.deps.postsToChannel && !body.channelOptOut) {
              await channelPosts.enqueuePost(trx, id, now.toISOString());
            }
            const createdAt = now.toISOString();
            notified = [
              ...(await this.deps.notifications.posted(trx, {
                portfolioId: id,
                authorId: author.id,
                createdAt,
              })),
              ...(await this.deps.notifications.mentioned(
                trx,
                { portfolioId: id, commentId: null, writerId: author.id, createdAt },
                body.description ?? '',
              )),
            ];
          });
          await this.deps.imageStore.place(stored.map((image) => image.filename));
          await this.deps.changes.publish(portfolioChange(id, author.id));
          this.deps.notifications.deliver(notified);
          break;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (attempt >= LINKTITLE_ATTEMPTS) throw linktitleBusy();
        }
      }
    } catch (error) {
      await this.deps.imageStore.remove(stored.map((image) => image.filename));
      throw error;
    }
    return this.afterWrite(id, { id: author.id, isAdmin: false });
  }

  async update(
    idOrLinktitle: string,
    actor: Actor,
    body: UpdatePortfolioBody,
    uploads: ImageInput[],
  ): Promise<Portfolio> {
    const current = await this.require(idOrLinktitle, actor);
    if (current.author_id !== actor.id && !actor.isAdmin) {
      throw forbidden('problem.portfolio.editForbidden');
    }
    const replacesGallery = uploads.length > 0 || body.keepImages !== undefined;
    const galleryAfter = async (db: Parameters<typeof findPortfolioImages>[0]) => {
      const existing = await findPortfolioImages(db, current.id);
      const names = existing.map((image) => image.filename);
      const keep = replacesGallery ? (body.keepImages ?? []).filter((name) => names.includes(name)) : names;
      if (replacesGallery && keep.length + uploads.length > LIMITS.images.maxFiles) throw tooManyImages();
      const count = replacesGallery ? keep.length + uploads.length : names.length;
      // Not sent: kept pictures keep their descriptions, new ones have none.
      const oldAlts = new Map(existing.map((image) => [image.filename, image.alt]));
      const alts = galleryAlts(body.imageAlts ?? keep.map((name) => oldAlts.get(name) ?? ''), count);
      return { keep, alts, removed: names.filter((name) => !keep.includes(name)) };
    };
    // Checked before any image is decoded, and again under the row lock.
    await galleryAfter(this.db);
    const stored: StoredImage[] = await this.deps.imageStore.saveAll(uploads, {
      maxDimension: GALLERY_MAX_DIMENSION,
    });

    let removed: string[];
    let notified: string[] = [];
    try {
      removed = await this.db.transaction().execute(async (trx) => {
        const updated = await portfolios.updatePortfolio(trx, current.id, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.repoUrl !== undefined ? { repo_url: body.repoUrl } : {}),
          ...(body.repoUrl !== undefined && body.repoUrl !== current.repo_url
            ? githubColumns(body.repoUrl, new Date().toISOString())
            : {}),
          ...(body.channelOptOut !== undefined ? { channel_opt_out: body.channelOptOut ? 1 : 0 } : {}),
          updated_at: new Date().toISOString(),
        });
        if (!updated) throw notFound('problem.portfolio.notFound');
        // Opted out: not posted, or its post deleted. Opting back in posts nothing (edits never post).
        if (body.channelOptOut) await channelPosts.withdraw(trx, [current.id], new Date().toISOString());
        const gallery = await galleryAfter(trx);
        if (body.used !== undefined) await this.writeTechnologies(trx, current.id, body.used);
        if (replacesGallery || body.imageAlts !== undefined) {
          await portfolios.replacePortfolioImages(
            trx,
            current.id,
            current.author_id,
            gallery.keep,
            stored,
            gallery.alts,
          );
        }
        // Read back under the lock: a concurrent update may have changed what this one did not send.
        await writeSearchEntry(trx, this.dialect, current.id);
        if (body.description !== undefined) {
          const source = {
            portfolioId: current.id,
            commentId: null,
            writerId: actor.id,
            createdAt: new Date().toISOString(),
          };
          notified = await this.deps.notifications.mentioned(trx, source, body.description);
        }
        return gallery.removed;
      });
    } catch (error) {
      await this.deps.imageStore.remove(stored.map((image) => image.filename));
      throw error;
    }
    await this.deps.imageStore.place(stored.map((image) => image.filename));
    await this.deps.changes.publish(portfolioChange(current.id, current.author_id));
    this.deps.notifications.deliver(notified);
    await this.deps.imageStore.remove(removed);
    return this.afterWrite(current.id, actor);
  }

  /** The portfolio as its writer now sees it; a 404 when a concurrent delete took it meanwhile. */
  private async afterWrite(id: string, viewer: Actor): Promise<Portfolio> {
    const { value } = await this.get(id, viewer);
    if (!value) throw notFound('problem.portfolio.notFound');
    return value;
  }

  /**
   * Its likes, comments and technology links go by cascade; its image files after the commit. The row
   * lock makes a second, concurrent delete find nothing (404) instead of counting technologies down twice.
   */
  async remove(idOrLinktitle: string, actor: Actor): Promise<void> {
    const current = await this.require(idOrLinktitle, actor);
    if (current.author_id !== actor.id && !actor.isAdmin) {
      throw forbidden('problem.portfolio.deleteForbidden');
    }
    const images = await this.db.transaction().execute(async (trx) => {
      if (!(await portfolios.lockPortfolio(trx, current.id))) throw notFound('problem.portfolio.notFound');
      const names = await findPortfolioImageNames(trx, current.id);
      await portfolios.replacePortfolioTechnologies(trx, current.id, []);
      await channelPosts.withdraw(trx, [current.id], new Date().toISOString());
      await portfolios.deletePortfolio(trx, current.id);
      return names;
    });
    await this.deps.changes.publish(portfolioChange(current.id, current.author_id));
    await this.deps.imageStore.remove(images);
  }

  private async writeTechnologies(
    trx: Parameters<typeof portfolios.ensureTechnologies>[0],
    id: string,
    names: string[],
  ) {
    // Listed spellings name the kept technology, and a merged one's name the one it was merged into.
    const kept = keptTechnologyNames(names);
    const known = await findKeptTechnologies(trx, kept.map(technologySlug));
    const technologies = kept.map((name) => {
      const slug = technologySlug(name);
      return known.get(slug) ?? { id: newId(), name, slug };
    });
    const ids = await portfolios.ensureTechnologies(trx, technologies);
    const ordered = [
      ...new Set(technologies.map((t) => ids.get(t.slug)).filter((value): value is string => !!value)),
    ];
    await portfolios.replacePortfolioTechnologies(trx, id, ordered);
  }
}

/** Whether the viewer may see the portfolio: anyone while it is not hidden; then its author and admins. */
function canSee(row: { author_id: string; hidden_at: Date | string | null }, viewer: Actor | null): boolean {
  return row.hidden_at === null || (viewer !== null && (viewer.isAdmin || viewer.id === row.author_id));
}

/**
 * What a list was made from: which portfolios match and in what order (`lists`), each card on it (its
 * portfolio), and for a list by likes or comments, that ranking.
 */
/** How many portfolios "Haftaning eng yaxshilari" shows. */
/** How many "Haftaning eng yaxshilari" shows (and the channel's Monday digest). */
export const WEEK_BEST = 4;

/** A search that finds fewer portfolios than this is offered a close spelling, if one finds more. */
export const SUGGEST_BELOW = 3;

function listTags(ids: readonly string[], sort: ListSort): string[] {
  const tags = [changeTags.lists, ...ids.map((id) => changeTags.portfolio(id))];
  // Relevance ranks what matches by its words, which only a write that changes the lists changes.
  if (sort !== 'new' && sort !== 'relevance') tags.push(changeTags.ranking(sort));
  return tags;
}

/** The first of base, base_2, base_3, ... that no portfolio holds, looked up a batch at a time. */
async function freeLinktitle(
  trx: Parameters<typeof portfolios.findTakenLinktitles>[0],
  base: string,
): Promise<string> {
  for (let first = 1; ; first += LINKTITLE_BATCH) {
    const candidates = Array.from({ length: LINKTITLE_BATCH }, (_, index) =>
      numberedLinktitle(base, first + index),
    );
    const taken = await portfolios.findTakenLinktitles(trx, candidates);
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free) return free;
  }
}
