import {
  type PersonCardPage,
  type PortfolioPage,
  portfolioListQuerySchema,
  SEARCH_PAGE_SIZE,
  type SearchCounts,
  type SearchPage,
  type SearchQuery,
  SUGGESTIONS_PER_KIND,
  type Suggestions,
  type Technology,
  toCyrillic,
  toLatin,
} from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type ChangeFeed, changeTags } from '../../lib/changes.js';
import { personal, type Read } from '../../lib/reads.js';
import { TaggedCache } from '../../lib/tagged-cache.js';
import { technologySlug } from '../../data/naming.js';
import { toPeopleSearchTerms } from '../../data/people.repository.js';
import { toSearchTerms } from '../../data/search.repository.js';
import { countTechnologiesByPrefix, findTechnologiesByPrefix } from '../../data/technologies.repository.js';
import type { PeopleService } from '../people/people.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

/** As the list's totals and the directory's counts. */
const TOTAL_TTL_MS = 10_000;
/** As the API's other cached reads. */
const PAGE_TTL_MS = 10 * 60_000;

const TECHNOLOGY_TAGS = [changeTags.technologies];

/**
 * One search over portfolios, people and technologies. Each kind is read by what already reads it, with
 * its own index and cache: portfolios by the portfolio list's search (and so in its order), people by the
 * directory's, technologies by the start of their name. A tab's page and the other tabs' counts are
 * cached reads of those; the answer names everything they were made from.
 */
export class SearchService {
  private readonly technologyPages: TaggedCache<Technology[]> | null;
  private readonly technologyTotals: TaggedCache<number>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly services: { portfolios: PortfoliosService; people: PeopleService },
    options: { changes: ChangeFeed; readCache: boolean },
  ) {
    this.technologyPages = options.readCache
      ? new TaggedCache<Technology[]>({ ttlMs: PAGE_TTL_MS, maxEntries: 1_000 }).follow(options.changes)
      : null;
    this.technologyTotals = new TaggedCache<number>({ ttlMs: TOTAL_TTL_MS, maxEntries: 1_000 }).follow(
      options.changes,
    );
  }

  /** Drops what nobody read for `idleMs`; answers how many went. */
  trimIdle(idleMs: number): number {
    return (this.technologyPages?.trimIdle(idleMs) ?? 0) + this.technologyTotals.trimIdle(idleMs);
  }

  /** One page of the chosen kind, with every kind's count; `viewerId` gets their own `likedByMe`. */
  async search(query: SearchQuery, viewerId: string | null): Promise<Read<SearchPage>> {
    const q = query.q ?? '';
    const limit = SEARCH_PAGE_SIZE;
    // A tab not shown is asked for its count only: a page of one, kept as every list page is.
    const pageOf = (type: SearchQuery['type']) => (query.type === type ? query.page : 1);
    const limitOf = (type: SearchQuery['type']) => (query.type === type ? limit : 1);
    const [portfolios, people, technologies] = await Promise.all([
      this.portfolios(q, pageOf('portfolios'), limitOf('portfolios'), viewerId),
      this.people(q, pageOf('people')),
      this.technologies(q, pageOf('technologies'), limitOf('technologies')),
    ]);
    const counts: SearchCounts = {
      portfolios: portfolios.value.total,
      people: people.value.total,
      technologies: technologies.value.total,
    };
    const tags = [
      ...new Set([...(portfolios.shared ?? portfolios).tags!, ...people.tags!, ...technologies.tags!]),
    ];
    const make = (portfolioItems: PortfolioPage['items']): SearchPage => {
      const fields = { q, counts, page: query.page, limit };
      const pageCount = (total: number) => Math.ceil(total / limit);
      if (query.type === 'people') {
        return { type: 'people', items: people.value.items, ...fields, pageCount: pageCount(counts.people) };
      }
      if (query.type === 'technologies') {
        const items = technologies.value.items;
        return { type: 'technologies', items, ...fields, pageCount: pageCount(counts.technologies) };
      }
      return {
        type: 'portfolios',
        items: portfolioItems,
        ...fields,
        pageCount: pageCount(counts.portfolios),
      };
    };
    const shared: Read<SearchPage> = { value: make((portfolios.shared ?? portfolios).value.items), tags };
    if (!portfolios.shared) return shared;
    return personal(make(portfolios.value.items), shared);
  }

  /** The first few of each kind, for the header's box as one types. */
  async suggest(q: string): Promise<Read<Suggestions>> {
    const [portfolios, people, technologies] = await Promise.all([
      this.portfolios(q, 1, SUGGESTIONS_PER_KIND, null),
      this.people(q, 1),
      this.technologies(q, 1, SUGGESTIONS_PER_KIND),
    ]);
    return {
      value: {
        q,
        portfolios: portfolios.value.items.map(({ _id, linktitle, title }) => ({ _id, linktitle, title })),
        people: people.value.items
          .slice(0, SUGGESTIONS_PER_KIND)
          .map(({ _id, username, firstname, lastname, headline }) => ({
            _id,
            username,
            firstname,
            lastname,
            headline,
          })),
        technologies: technologies.value.items,
      },
      tags: [...new Set([...portfolios.tags!, ...people.tags!, ...technologies.tags!])],
    };
  }

  /** The portfolio list's own search, in its own order; nothing without a word to look for. */
  private portfolios(
    q: string,
    page: number,
    limit: number,
    viewerId: string | null,
  ): Promise<Read<PortfolioPage>> {
    if (toSearchTerms(q).length === 0) return Promise.resolve(empty(page, limit, [changeTags.lists]));
    return this.services.portfolios.page(portfolioListQuerySchema.parse({ q, page, limit }), viewerId);
  }

  /** The people directory's search, in its default order; nothing without a word to look for. */
  private people(q: string, page: number): Promise<Read<PersonCardPage>> {
    if (toPeopleSearchTerms(q).length === 0) return Promise.resolve(empty(page, 20, [changeTags.users]));
    return this.services.people.page({ q, page, sort: 'liked', openToWork: false });
  }

  /** Technologies whose name starts with `q`, as typed or in the other script, most used first. */
  private async technologies(
    q: string,
    page: number,
    limit: number,
  ): Promise<Read<{ items: Technology[]; total: number }>> {
    const slug = technologySlug(q);
    if (slug === '') return { value: { items: [], total: 0 }, tags: TECHNOLOGY_TAGS };
    const prefixes = [...new Set([slug, toLatin(slug), toCyrillic(slug)].map(technologySlug))];
    const total = await this.technologyTotals.getOrLoad(JSON.stringify(prefixes), async () => ({
      value: await countTechnologiesByPrefix(this.db, this.dialect, prefixes),
      tags: TECHNOLOGY_TAGS,
    }));
    const offset = (page - 1) * limit;
    if (offset >= total) return { value: { items: [], total }, tags: TECHNOLOGY_TAGS };
    const load = async () =>
      (await findTechnologiesByPrefix(this.db, this.dialect, prefixes, limit, offset)).map((row) => ({
        name: row.name,
        count: row.portfolios_count,
      }));
    const items = this.technologyPages
      ? await this.technologyPages.getOrLoad(JSON.stringify([prefixes, limit, offset]), async () => ({
          value: await load(),
          tags: TECHNOLOGY_TAGS,
        }))
      : await load();
    return { value: { items, total }, tags: TECHNOLOGY_TAGS };
  }
}

/** What a query without a word finds: nothing, until the kind's lists change. */
function empty<T>(
  page: number,
  limit: number,
  tags: string[],
): Read<{ items: T[]; total: number; page: number; limit: number; pageCount: number }> {
  return { value: { items: [], total: 0, page, limit, pageCount: 0 }, tags };
}
