import { parseGithubRepository } from '@portfolio-master/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { GithubColumns } from './portfolios.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A portfolio's columns for its repository address: the GitHub repository it names (`owner/name`), due
 * for its first check at `now`, nothing shown yet (docs/decisions/0052). Written by creates, edits that
 * change the address, and the original site's import.
 */
export function githubColumns(repoUrl: string | null, now: string): GithubColumns {
  const repo = repoUrl === null ? undefined : parseGithubRepository(repoUrl);
  return {
    github_repo: repo ? `${repo.owner}/${repo.name}` : null,
    github_stars: null,
    github_language: null,
    github_due_at: repo ? now : null,
  };
}

/** A portfolio whose repository on GitHub is due for a check. */
export interface DueGithubRepository {
  id: string;
  github_repo: string;
  github_stars: number | null;
  github_language: string | null;
}

/** At most `limit` portfolios whose repository is due by `now`, longest due first. */
export async function findDueGithubRepositories(
  db: Executor,
  now: string,
  limit: number,
): Promise<DueGithubRepository[]> {
  const rows = await db
    .selectFrom('portfolios')
    .select(['id', 'github_repo', 'github_stars', 'github_language'])
    .where('github_due_at', '<=', now)
    .where('github_repo', 'is not', null)
    .orderBy('github_due_at')
    .limit(limit)
    .execute();
  return rows as DueGithubRepository[];
}

/**
 * What a check found (`found` undefined: the repository is gone or private, so nothing is shown) and when
 * the next is due; only while the portfolio still names the repository that was checked.
 */
export async function recordGithubCheck(
  db: Executor,
  check: {
    id: string;
    repo: string;
    found: { stars: number; language: string | null } | undefined;
    nextAt: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('portfolios')
    .set({
      github_stars: check.found?.stars ?? null,
      github_language: check.found?.language ?? null,
      github_due_at: check.nextAt,
    })
    .where('id', '=', check.id)
    .where('github_repo', '=', check.repo)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A check that found no answer: due again at `nextAt`, what was shown kept. */
export async function postponeGithubCheck(db: Executor, id: string, nextAt: string): Promise<void> {
  await db.updateTable('portfolios').set({ github_due_at: nextAt }).where('id', '=', id).execute();
}

/** The site's spelling of each of these technology keys (`technologySlug`) it already knows, by key. */
export async function findTechnologyNames(
  db: Executor,
  slugs: readonly string[],
): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom('technologies')
    .select(['slug', 'name'])
    .where('slug', 'in', slugs)
    .execute();
  return new Map(rows.map((row) => [row.slug, row.name]));
}
