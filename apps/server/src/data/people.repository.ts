import { type PeopleSort, toCyrillic } from '@portfolio-master/contract';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import { readRows } from '../db/hot-reads.js';
import type { Database, Timestamp } from '../db/schema.js';
import { toSearchTerms } from './search.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * The people directory's reads. Who is listed: accounts that are not hidden and not blocked now. Each
 * sort has an index over the accounts that are not hidden (see the people_directory migration), so a
 * page without filters walks `limit` entries after its offset; a filter is checked on the entries walked
 * (city and work status on the row, a technology through the person's portfolios by author), and a
 * search reads the text index of people first. Counts are kept by the service.
 */

/** What a page asks, with a technology already found by name (its id). */
export interface PeopleCriteria {
  /** The words searched for (`toPeopleSearchTerms`). */
  searchTerms: readonly SearchTerm[];
  technologyId?: string | undefined;
  city?: string | undefined;
  openToWork: boolean;
}

export interface PersonRow {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  image: string | null;
  headline: string;
  city: string | null;
  work_status: string;
  affiliation_kind: string | null;
  affiliation_name: string | null;
  affiliation_verified_at: Timestamp['__select__'] | null;
  skills: string;
  followers_count: number;
  likes_received: number;
  portfolios_count: number | string;
}

const ORDER: Record<PeopleSort, RawBuilder<unknown>> = {
  liked: sql.raw('u.likes_received desc, u.created_at desc, u.id desc'),
  new: sql.raw('u.created_at desc, u.id desc'),
  followed: sql.raw('u.followers_count desc, u.created_at desc, u.id desc'),
};

/**
 * One searched word: the forms it is looked for in, each one or more words that must all match. The
 * index holds names and skills as their owners wrote them, in either script, so a word is looked for
 * folded to Latin (as the portfolio search folds it), as typed, and written in Cyrillic.
 */
export type SearchTerm = readonly (readonly string[])[];

/** The words of a query, each with its forms (eight words at most). */
export function toPeopleSearchTerms(query: string): SearchTerm[] {
  const typed =
    query
      .replace(/[‘’'`ʻʼ]/g, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return typed.slice(0, 8).map((word) => {
    const latin = toSearchTerms(word);
    const forms = [latin, [word], wordsOf(toCyrillic(latin.join(' ')))].filter((form) => form.length > 0);
    return [...new Map(forms.map((form) => [form.join(' '), form])).values()];
  });
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** FTS5: every term, in one of its forms; a word of two or more characters as a prefix. */
function ftsQuery(terms: readonly SearchTerm[]): string {
  const word = (w: string) => (w.length > 1 ? `"${w}"*` : `"${w}"`);
  const form = (words: readonly string[]) => `(${words.map(word).join(' AND ')})`;
  return terms.map((forms) => `(${forms.map(form).join(' OR ')})`).join(' AND ');
}

/** PostgreSQL's tsquery of the same. */
function tsQuery(terms: readonly SearchTerm[]): string {
  const word = (w: string) => (w.length > 1 ? `${w}:*` : w);
  const form = (words: readonly string[]) => `(${words.map(word).join(' & ')})`;
  return terms.map((forms) => `(${forms.map(form).join(' | ')})`).join(' & ');
}

function conditions(dialect: Dialect, criteria: PeopleCriteria, now: string) {
  const parts = [sql`u.hidden_at is null`, sql`(u.blocked_at is null or u.blocked_until <= ${now})`];
  if (criteria.city !== undefined) parts.push(sql`u.city = ${criteria.city}`);
  if (criteria.openToWork) parts.push(sql`u.work_status in ('looking', 'open')`);
  if (criteria.technologyId !== undefined) {
    parts.push(sql`exists (select 1 from portfolios p
      join portfolio_technologies pt on pt.portfolio_id = p.id
      where p.author_id = u.id and p.hidden_at is null and pt.technology_id = ${criteria.technologyId})`);
  }
  if (criteria.searchTerms.length > 0) {
    parts.push(
      dialect === 'postgres'
        ? sql`u.people_search_vector @@ to_tsquery('simple', ${tsQuery(criteria.searchTerms)})`
        : sql`u.id in (select k.user_id from people_search s
            join people_search_keys k on k.key = s.rowid
            where people_search match ${ftsQuery(criteria.searchTerms)})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** One page of the people listed, in the sort's order. */
export function findPeoplePage(
  db: Executor,
  dialect: Dialect,
  criteria: PeopleCriteria,
  sort: PeopleSort,
  limit: number,
  offset: number,
  now: string,
): Promise<PersonRow[]> {
  const query = sql<PersonRow>`select u.id, u.username, u.firstname, u.lastname, u.image, u.headline,
      u.city, u.work_status, u.affiliation_kind, u.affiliation_name, u.affiliation_verified_at, u.skills,
      u.followers_count, u.likes_received,
      (select count(*) from portfolios p where p.author_id = u.id and p.hidden_at is null) as portfolios_count
    from users u
    where ${conditions(dialect, criteria, now)}
    order by ${ORDER[sort]}
    limit ${limit} offset ${offset}`;
  return readRows<PersonRow>(db, query.compile(db));
}

/** How many people are listed for the criteria. */
export async function countPeople(
  db: Executor,
  dialect: Dialect,
  criteria: PeopleCriteria,
  now: string,
): Promise<number> {
  const query = sql<{ n: number | string }>`select count(*) as n from users u
    where ${conditions(dialect, criteria, now)}`;
  const [row] = await readRows<{ n: number | string }>(db, query.compile(db));
  return Number(row?.n ?? 0);
}
