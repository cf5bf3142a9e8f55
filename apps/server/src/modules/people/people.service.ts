import {
  CARD_SKILLS,
  type CityCode,
  PEOPLE_PAGE_SIZE,
  type PeopleQuery,
  type PersonCard,
  type PersonCardPage,
  type WorkStatus,
} from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type ChangeFeed, changeTags } from '../../lib/changes.js';
import type { Read } from '../../lib/reads.js';
import { parseStringList } from '../../lib/string-list.js';
import { TaggedCache } from '../../lib/tagged-cache.js';
import { technologySlugCandidates } from '../../data/naming.js';
import { affiliationOf } from '../users/users.service.js';
import {
  countPeople,
  findPeoplePage,
  type PeopleCriteria,
  type PersonRow,
  toPeopleSearchTerms,
} from '../../data/people.repository.js';
import { findKeptTechnologies } from '../../data/technologies.repository.js';

/** How long a count may be reused at most (as the portfolio list's totals). */
const TOTAL_TTL_MS = 10_000;

/** How long a page may be reused at most (as the API's other cached reads). */
const PAGE_TTL_MS = 10 * 60_000;

/**
 * What the directory's pages and counts are made from. Who a page lists changes with any account (a
 * sign-up, a profile's words, a follow: `users` or `*`), any portfolio (its technologies, a new one:
 * `lists`) and any like (`ranking:popular`). A block or a hide names only the person (`user:<id>`): each
 * page names the people on it, so the answer cache drops every page that shows them, and any such name
 * drops here every page and count (`PEOPLE`, which no write publishes itself).
 */
const PEOPLE = 'people';
const DIRECTORY_TAGS = [changeTags.users, changeTags.lists, changeTags.ranking('popular'), PEOPLE];
const PERSON_TAG = changeTags.user('');

/**
 * The people directory: pages of people as everyone sees them, cached until a write changes who is on
 * them or their order, and their counts, cached as the portfolio list's are.
 */
export class PeopleService {
  /** Pages as everyone sees them; null with `READ_CACHE=off`. */
  private readonly pages: TaggedCache<Read<PersonCardPage>> | null;
  private readonly totals: TaggedCache<number>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    options: { changes: ChangeFeed; readCache: boolean },
  ) {
    const { changes } = options;
    this.pages = options.readCache
      ? new TaggedCache<Read<PersonCardPage>>({ ttlMs: PAGE_TTL_MS, maxEntries: 1_000 }).follow(changes)
      : null;
    this.totals = new TaggedCache<number>({ ttlMs: TOTAL_TTL_MS, maxEntries: 1_000 }).follow(changes);
    changes.subscribe((tags) => {
      if (!tags.some((tag) => tag.startsWith(PERSON_TAG))) return;
      this.pages?.invalidate([PEOPLE]);
      this.totals.invalidate([PEOPLE]);
    });
  }

  /** Drops what nobody read for `idleMs`; answers how many went. */
  trimIdle(idleMs: number): number {
    return (this.pages?.trimIdle(idleMs) ?? 0) + this.totals.trimIdle(idleMs);
  }

  async page(query: PeopleQuery): Promise<Read<PersonCardPage>> {
    const key = `people:${JSON.stringify([
      query.q ?? '',
      query.technology ?? '',
      query.city ?? '',
      query.openToWork === true,
      query.sort,
      query.page,
    ])}`;
    if (!this.pages) return this.load(query);
    return this.pages.getOrLoad(key, async () => {
      const read = await this.load(query);
      return { value: read, tags: read.tags };
    });
  }

  private async load(query: PeopleQuery): Promise<Read<PersonCardPage>> {
    const limit = PEOPLE_PAGE_SIZE;
    const answer = (items: PersonCard[], total: number): Read<PersonCardPage> => ({
      value: { items, total, page: query.page, limit, pageCount: Math.ceil(total / limit) },
      tags: [...DIRECTORY_TAGS, ...items.map((item) => changeTags.user(item._id))],
    });
    const criteria = await this.criteria(query);
    if (!criteria) return answer([], 0);
    // A block ends at its time without a write: the moment is part of what is read.
    const now = new Date().toISOString();
    const total = await this.total(criteria, now);
    const offset = (query.page - 1) * limit;
    if (offset >= total) return answer([], total);
    const rows = await findPeoplePage(this.db, this.dialect, criteria, query.sort, limit, offset, now);
    return answer(rows.map(toCard), total);
  }

  private async total(criteria: PeopleCriteria, now: string): Promise<number> {
    const key = JSON.stringify([
      criteria.searchTerms,
      criteria.technologyId,
      criteria.city,
      criteria.openToWork,
    ]);
    return this.totals.getOrLoad(key, async () => ({
      value: await countPeople(this.db, this.dialect, criteria, now),
      tags: DIRECTORY_TAGS,
    }));
  }

  /**
   * The criteria with the technology found by name, as the portfolio filter finds it: as written, else in
   * the other script; undefined when no technology of that name exists (nobody uses it).
   */
  private async criteria(query: PeopleQuery): Promise<PeopleCriteria | undefined> {
    let technologyId: string | undefined;
    if (query.technology) {
      const candidates = technologySlugCandidates(query.technology);
      // An old spelling or a merged technology finds the kept one (docs/decisions/0058).
      const found = await findKeptTechnologies(this.db, candidates);
      technologyId = candidates.map((candidate) => found.get(candidate)?.id).find((id) => id !== undefined);
      if (technologyId === undefined) return undefined;
    }
    return {
      searchTerms: toPeopleSearchTerms(query.q ?? ''),
      technologyId,
      city: query.city,
      openToWork: query.openToWork === true,
    };
  }
}

function toCard(row: PersonRow): PersonCard {
  return {
    _id: row.id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    image: row.image,
    headline: row.headline,
    // Written only through the contract's checks, as the profile reads them (UsersService.cvOf).
    city: row.city as CityCode | null,
    openToWork: row.work_status as WorkStatus,
    affiliation: affiliationOf(row),
    skills: parseStringList(row.skills).slice(0, CARD_SKILLS),
    portfoliosCount: Number(row.portfolios_count),
    followersCount: row.followers_count,
    likesReceived: row.likes_received,
  };
}
